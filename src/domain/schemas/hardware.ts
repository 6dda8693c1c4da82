// Request and response schemas of the Hardware area: hardware items and hardware requests
// (spec part 2, sections 3, 5 and 7). Shared by the forms and the server.
import { z } from "zod";
import { HARDWARE_REQUEST_STATUSES, HARDWARE_REQUEST_TYPES, HARDWARE_STATUSES } from "../enums";
import {
  MAX_SPEC_NAME_LENGTH,
  MAX_SPEC_VALUE_LENGTH,
  MAX_SPECS,
  parseSpecs,
  SPEC_NAME_LENGTH_MESSAGE,
  SPEC_VALUE_LENGTH_MESSAGE,
  SPECS_COUNT_MESSAGE,
} from "../hardware-specs";
import { HARDWARE_TYPES, type HardwareType, hardwareTypeKey } from "../hardware-types";
import { optionalDate, optionalText, positiveIdSchema, textSchema } from "./common";
import { keyPart, listCursors, nullableKeyPart, withKeyset } from "./cursor";
import { pageQuerySchema, sortSchema } from "./paging";

export const HARDWARE_NAME_MESSAGE = "Name must be at least 2 characters.";
export const HARDWARE_TYPE_MESSAGE = "Please select a hardware type.";
export const HARDWARE_IDENTIFIER_MESSAGE = "Serial number/identifier is required.";
export const HARDWARE_STATUS_MESSAGE = "Please select a status.";
export const REQUEST_REASON_MESSAGE = "Please provide a reason for this request";
export const REQUEST_DETAILED_REASON_MESSAGE = "Please provide a detailed reason for this request";
export const REQUEST_REASON_LENGTH_MESSAGE = "Reason must be at least 10 characters";
export const REQUEST_USER_MESSAGE = "User is required";
export const REQUEST_HARDWARE_MESSAGE = "Please select a hardware item";
export const REQUEST_NAME_MESSAGE = "Please enter the name of the item";
export const REJECTION_REASON_MESSAGE = "Please provide a reason for rejecting this request";

const hardwareName = textSchema(HARDWARE_NAME_MESSAGE)
  .trim()
  .min(2, HARDWARE_NAME_MESSAGE)
  .max(200, "Name must be at most 200 characters");

/** A type from any screen's list (key, label or alias) → its stored key. */
const hardwareTypeSchema = z
  .string({ error: HARDWARE_TYPE_MESSAGE })
  .transform((value, context): HardwareType => {
    const key = hardwareTypeKey(value);
    if (!key) {
      context.addIssue({ code: "custom", message: HARDWARE_TYPE_MESSAGE });
      return z.NEVER;
    }
    return key;
  });

const identifierSchema = textSchema(HARDWARE_IDENTIFIER_MESSAGE)
  .trim()
  .min(2, HARDWARE_IDENTIFIER_MESSAGE)
  .max(200, "Serial number/identifier must be at most 200 characters");

const statusSchema = z.enum(HARDWARE_STATUSES, { error: HARDWARE_STATUS_MESSAGE });

/** Free-form specifications (CPU, RAM...): a flat JSON object of short texts and numbers. */
const specsSchema = z
  .record(
    z.string().max(MAX_SPEC_NAME_LENGTH, SPEC_NAME_LENGTH_MESSAGE),
    z.union([z.string().max(MAX_SPEC_VALUE_LENGTH, SPEC_VALUE_LENGTH_MESSAGE), z.number()]),
    { error: "Specs must be an object of names and values" },
  )
  .refine((specs) => Object.keys(specs).length <= MAX_SPECS, SPECS_COUNT_MESSAGE)
  .nullable()
  .optional();

/** The dialogs' Specifications text (`Name: value` lines) → the specs the API takes. */
export const specsTextSchema = z.string().transform((text, context) => {
  const parsed = parseSpecs(text);
  if (parsed.ok) return parsed.specs;
  context.addIssue({ code: "custom", message: parsed.message });
  return z.NEVER;
});

const assigneeSchema = positiveIdSchema("Please select a user").nullable().optional();

export const createHardwareRequestSchema = z.object({
  name: hardwareName,
  type: hardwareTypeSchema,
  identifier: identifierSchema,
  location: optionalText(200),
  status: statusSchema.default("active"),
  assignedToUserId: assigneeSchema,
  purchaseDate: optionalDate,
  // Missing → one year after today, set by the server (domain/hardware-status.ts).
  warrantyExpiry: optionalDate,
  notes: optionalText(5000),
  pcName: optionalText(200),
  specs: specsSchema,
});
export type CreateHardwareRequestInput = z.input<typeof createHardwareRequestSchema>;
export type CreateHardwareRequest = z.output<typeof createHardwareRequestSchema>;

/** PATCH: the edited fields, or only assignedToUserId (assign; null unassigns). */
export const updateHardwareRequestSchema = z.object({
  name: hardwareName.optional(),
  type: hardwareTypeSchema.optional(),
  identifier: identifierSchema.optional(),
  location: optionalText(200),
  status: statusSchema.optional(),
  assignedToUserId: assigneeSchema,
  purchaseDate: optionalDate,
  warrantyExpiry: optionalDate,
  notes: optionalText(5000),
  pcName: optionalText(200),
  specs: specsSchema,
});
export type UpdateHardwareRequest = z.output<typeof updateHardwareRequestSchema>;

/** The list's tabs: every item, the free and reserved ones, the held ones (a user's: their own). */
export const HARDWARE_VIEWS = ["all", "available", "assigned"] as const;
export type HardwareView = (typeof HARDWARE_VIEWS)[number];

export const HARDWARE_SORT_KEYS = ["name", "type", "location", "status", "createdAt"] as const;

/** The list's sorts as cursors hold them (decision 0040): keys in ORDER BY order. */
export const hardwareCursors = listCursors("hardware", {
  name: [keyPart("text")],
  type: [keyPart("text"), keyPart("text")],
  location: [nullableKeyPart("text"), keyPart("text")],
  status: [keyPart("text"), keyPart("text")],
  createdAt: [keyPart("timestamptz")],
});

const hardwareListFields = pageQuerySchema.extend({
  sort: sortSchema(HARDWARE_SORT_KEYS, "name"),
  view: z.enum(HARDWARE_VIEWS, { error: "View must be all, available or assigned" }).default("all"),
  type: hardwareTypeSchema.optional(),
  location: z.string().trim().max(200, "Location must be at most 200 characters").optional(),
  status: statusSchema.optional(),
  /** The items one user holds (administrators: the User Details dialog's Hardware tab). */
  assignedToUserId: positiveIdSchema().optional(),
});
export const hardwareListQuerySchema = withKeyset(hardwareListFields, hardwareCursors);
export type HardwareListQuery = z.output<typeof hardwareListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Hardware requests
// ---------------------------------------------------------------------------------------------

export const createHardwareRequestRequestSchema = z
  .object({
    /** Missing → the signed-in user. A user may only name themselves; administrators anyone. */
    requestedByUserId: positiveIdSchema(REQUEST_USER_MESSAGE).optional(),
    type: z.enum(HARDWARE_REQUEST_TYPES, { error: "Type must be existing or new" }),
    hardwareId: positiveIdSchema(REQUEST_HARDWARE_MESSAGE).nullable().optional(),
    name: optionalText(200),
    hardwareType: hardwareTypeSchema.nullable().optional(),
    link: optionalText(2000),
    reason: z.string({ error: REQUEST_REASON_MESSAGE }).trim().max(2000, "Reason is too long"),
    managerApproval: z.boolean({ error: "Manager approval must be yes or no" }).default(false),
    managerName: optionalText(200),
    // The spec's client sends status too; a new request is always pending.
  })
  .superRefine((request, context) => {
    if (request.reason.length === 0) {
      context.addIssue({
        code: "custom",
        path: ["reason"],
        message: request.type === "new" ? REQUEST_DETAILED_REASON_MESSAGE : REQUEST_REASON_MESSAGE,
      });
    } else if (request.reason.length < 10) {
      context.addIssue({
        code: "custom",
        path: ["reason"],
        message: REQUEST_REASON_LENGTH_MESSAGE,
      });
    }
    if (request.type === "existing" && !request.hardwareId) {
      context.addIssue({ code: "custom", path: ["hardwareId"], message: REQUEST_HARDWARE_MESSAGE });
    }
    if (request.type === "new") {
      if (!request.name) {
        context.addIssue({ code: "custom", path: ["name"], message: REQUEST_NAME_MESSAGE });
      }
      if (!request.hardwareType) {
        context.addIssue({
          code: "custom",
          path: ["hardwareType"],
          message: HARDWARE_TYPE_MESSAGE,
        });
      }
    }
  });
export type CreateHardwareRequestRequestInput = z.input<typeof createHardwareRequestRequestSchema>;
export type CreateHardwareRequestRequest = z.output<typeof createHardwareRequestRequestSchema>;

export const rejectHardwareRequestRequestSchema = z.object({
  reason: textSchema(REJECTION_REASON_MESSAGE)
    .trim()
    .min(1, REJECTION_REASON_MESSAGE)
    .max(2000, "Reason is too long"),
});
export type RejectHardwareRequestRequest = z.output<typeof rejectHardwareRequestRequestSchema>;

/** The requests list's sorts as cursors hold them (decision 0040): keys in ORDER BY order. */
export const hardwareRequestCursors = listCursors("hardware-requests", {
  createdAt: [keyPart("timestamptz")],
  status: [keyPart("text"), keyPart("timestamptz")],
});

const hardwareRequestListFields = pageQuerySchema.extend({
  sort: sortSchema(["createdAt", "status"], "createdAt"),
  order: z.enum(["asc", "desc"], { error: "Order must be asc or desc" }).default("desc"),
  status: z
    .enum(HARDWARE_REQUEST_STATUSES, { error: "Status must be pending, approved or rejected" })
    .optional(),
});
export const hardwareRequestListQuerySchema = withKeyset(
  hardwareRequestListFields,
  hardwareRequestCursors,
);
export type HardwareRequestListQuery = z.output<typeof hardwareRequestListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const hardwareResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(HARDWARE_TYPES),
  identifier: z.string(),
  location: z.string().nullable(),
  status: z.enum(HARDWARE_STATUSES),
  assignedToUserId: z.number().nullable(),
  /** The holder's display name (full name, else username); null when unassigned. */
  assignedToName: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  warrantyExpiry: z.string().nullable(),
  notes: z.string().nullable(),
  pcName: z.string().nullable(),
  specs: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  createdAt: z.string(),
});
export type HardwareResponse = z.infer<typeof hardwareResponseSchema>;
export const hardwareListResponseSchema = z.array(hardwareResponseSchema);

const countOf = <K extends z.ZodType>(key: K) => z.array(z.object({ key, count: z.number() }));

/** The page's stat cards and badges, over what the viewer may see, counted in SQL. */
export const hardwareSummaryResponseSchema = z.object({
  total: z.number(),
  available: z.number(),
  assigned: z.number(),
  /** Pending requests (administrators: everyone's; a user: their own): the red badge. */
  pendingRequests: z.number(),
  byType: countOf(z.enum(HARDWARE_TYPES)),
  /** Items without a location are counted under null. */
  byLocation: countOf(z.string().nullable()),
});
export type HardwareSummaryResponse = z.infer<typeof hardwareSummaryResponseSchema>;

export const hardwareRequestResponseSchema = z.object({
  id: z.number(),
  requestedByUserId: z.number(),
  requestedByName: z.string(),
  type: z.enum(HARDWARE_REQUEST_TYPES),
  hardwareId: z.number().nullable(),
  /** The requested item's name (existing requests, while the item exists). */
  hardwareName: z.string().nullable(),
  name: z.string().nullable(),
  hardwareType: z.enum(HARDWARE_TYPES).nullable(),
  link: z.string().nullable(),
  reason: z.string(),
  status: z.enum(HARDWARE_REQUEST_STATUSES),
  approvedByUserId: z.number().nullable(),
  approvedByName: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  managerApproval: z.boolean(),
  managerName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HardwareRequestResponse = z.infer<typeof hardwareRequestResponseSchema>;
export const hardwareRequestListResponseSchema = z.array(hardwareRequestResponseSchema);
