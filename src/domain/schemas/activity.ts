// GET /api/activity: the activity log for administrators, newest first, filtered by person,
// area, action, item and dates (list kit, decision 0007/0009), and one record's shape.
import { z } from "zod";
import { activityActionSchema, activityAreaSchema, activityViaSchema } from "../activity";
import { isoDateSchema, positiveIdSchema } from "./common";
import { keyPart, listCursors, withKeyset } from "./cursor";
import { pageQuerySchema, sortSchema } from "./paging";

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** The log's one order: by the time of the record (to the microsecond), then the id. */
export const activityCursors = listCursors("activity", { occurredAt: [keyPart("timestamptz")] });

export const activityListQuerySchema = withKeyset(
  pageQuerySchema.extend({
    sort: sortSchema(["occurredAt"], "occurredAt"),
    order: z.enum(["asc", "desc"], { error: "Order must be asc or desc" }).default("desc"),
    userId: optional(positiveIdSchema()),
    area: optional(activityAreaSchema),
    action: optional(activityActionSchema),
    itemId: optional(positiveIdSchema()),
    /** First and last calendar day (UTC), both included. */
    from: optional(isoDateSchema),
    to: optional(isoDateSchema),
  }),
  // Keyset paging (decision 0040): after/before a cursor, or from the end.
  activityCursors,
).refine((query) => !query.from || !query.to || query.from <= query.to, {
  message: "The start date must be on or before the end date",
  path: ["to"],
});
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

export const activityResponseSchema = z.object({
  id: z.number(),
  occurredAt: z.string(),
  userId: z.number().nullable(),
  /** The person's username now (null for the system, or a deleted person). */
  username: z.string().nullable(),
  via: activityViaSchema,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: activityActionSchema,
  area: activityAreaSchema,
  itemId: z.number().nullable(),
  itemLabel: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
export const activityListResponseSchema = z.array(activityResponseSchema);
