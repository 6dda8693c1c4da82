// The Directories screen's list state in the URL (/directories?status=cancelled&sort=name).
import { z } from "zod";
import { listSearchParamsSchema } from "@/client/lib/list-search-params";
import { DIRECTORY_STATUS_FILTERS } from "@/domain/enums";

export const directoryListSearchParamsSchema = listSearchParamsSchema.extend({
  status: z.enum(DIRECTORY_STATUS_FILTERS).catch("all"),
  sort: z.enum(["name", "paymentAmount", "nextPaymentDate"]).catch("name"),
});
