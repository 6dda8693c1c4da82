// Offboarding (issue 16): what a person holds, and what an administrator decides for each item
// when they leave (release it, hand it to someone else, or leave it with them), done in one step.
import { z } from "zod";
import { positiveIdSchema } from "./common";

/**
 * The kinds of thing a person can hold. The id of each is the row that ties it to them: the
 * seat (license assignment), the hardware item, the office-account assignment, the G Suite
 * account, the trust review they approved, the hardware request they opened.
 */
export const HOLDING_KINDS = [
  "license_seat",
  "hardware",
  "office_account",
  "gsuite_account",
  "trust_review",
  "hardware_request",
] as const;
export type HoldingKind = (typeof HOLDING_KINDS)[number];
export const holdingKindSchema = z.enum(HOLDING_KINDS, { error: "Unknown kind of holding" });

export const OFFBOARD_ACTIONS = ["release", "reassign", "keep"] as const;
export type OffboardAction = (typeof OFFBOARD_ACTIONS)[number];

/** One thing a person holds, named the way the screens name it. */
export const holdingItemSchema = z.object({
  kind: holdingKindSchema,
  id: z.number(),
  label: z.string(),
  /** A second line: serial number, device, plan, license... */
  detail: z.string().nullable(),
});
export type HoldingItem = z.infer<typeof holdingItemSchema>;

/** Pairs one decision with one item: kinds number their rows separately. */
export const holdingKey = (item: { kind: HoldingKind; id: number }) => `${item.kind}:${item.id}`;

// Enough for anyone: a request listing more items than this is not a person's holdings.
const MAX_DECISIONS = 1000;

export const offboardDecisionSchema = z.object({
  kind: holdingKindSchema,
  id: positiveIdSchema(),
  action: z.enum(OFFBOARD_ACTIONS, { error: "Action must be release, reassign or keep" }),
  /** Who takes the item over; only with 'reassign'. */
  toUserId: positiveIdSchema("Please select a user").optional(),
});
export type OffboardDecision = z.infer<typeof offboardDecisionSchema>;

export const offboardRequestSchema = z.object({
  decisions: z
    .array(offboardDecisionSchema)
    .max(MAX_DECISIONS, `At most ${MAX_DECISIONS} items`)
    .superRefine((decisions, context) => {
      const seen = new Set<string>();
      decisions.forEach((decision, index) => {
        if (decision.action === "reassign" && decision.toUserId === undefined) {
          context.addIssue({
            code: "custom",
            path: [index, "toUserId"],
            message: "Please select a user",
          });
        }
        if (decision.action !== "reassign" && decision.toUserId !== undefined) {
          context.addIssue({
            code: "custom",
            path: [index, "toUserId"],
            message: "Only a reassignment names a user",
          });
        }
        const key = holdingKey(decision);
        if (seen.has(key)) {
          context.addIssue({
            code: "custom",
            path: [index],
            message: "Each item can be decided once",
          });
        }
        seen.add(key);
      });
    }),
});
export type OffboardRequest = z.infer<typeof offboardRequestSchema>;

/** What was done with one item (stored with the offboarding, printed on the checklist). */
export const offboardOutcomeSchema = holdingItemSchema.extend({
  action: z.enum(OFFBOARD_ACTIONS),
  toUserId: z.number().nullable(),
  toUserName: z.string().nullable(),
});
export type OffboardOutcome = z.infer<typeof offboardOutcomeSchema>;

export const offboardingResponseSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  /** The person as they were named when they left ('Full Name (username)'). */
  userName: z.string(),
  performedByName: z.string(),
  performedAt: z.string(),
  outcomes: z.array(offboardOutcomeSchema),
  /** Where the printable checklist of this offboarding is. */
  checklistUrl: z.string(),
});
export type OffboardingResponse = z.infer<typeof offboardingResponseSchema>;

/** The checklist route's success answer: a PDF file, never JSON. */
export const checklistFileResponseSchema = z
  .string()
  .describe("The offboarding checklist, a PDF document");
