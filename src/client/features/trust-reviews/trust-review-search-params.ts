// The Trust Reviews list state in the URL (/trust-reviews?status=paying&search=dental).
import { z } from "zod";
import { listSearchParamsSchema } from "@/client/lib/list-search-params";
import { TRUST_REVIEW_STATUS_FILTERS } from "@/domain/enums";

export const trustReviewSearchParamsSchema = listSearchParamsSchema.extend({
  status: z.enum(TRUST_REVIEW_STATUS_FILTERS).catch("all"),
  sort: z.enum(["createdAt", "clientName", "assignedDate"]).catch("createdAt"),
  order: z.enum(["asc", "desc"]).catch("desc"),
});
