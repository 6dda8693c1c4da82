// The Activity page's state in the URL (/activity?area=licenses&action=update&from=2026-01-01).
// Every field falls back to "no filter" when a hand-edited URL holds something unknown.
import { z } from "zod";
import { listSearchParamsSchema } from "@/client/lib/list-search-params";
import { activityActionSchema, activityAreaSchema } from "@/domain/activity";
import { isoDateSchema } from "@/domain/schemas/common";

export const activityListSearchParamsSchema = listSearchParamsSchema.extend({
  // A log reads newest first.
  order: z.enum(["asc", "desc"]).catch("desc"),
  userId: z.coerce.number().int().positive().optional().catch(undefined),
  area: activityAreaSchema.optional().catch(undefined),
  action: activityActionSchema.optional().catch(undefined),
  from: isoDateSchema.optional().catch(undefined),
  to: isoDateSchema.optional().catch(undefined),
});
export type ActivityListState = z.output<typeof activityListSearchParamsSchema>;
