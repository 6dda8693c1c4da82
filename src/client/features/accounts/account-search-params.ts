// The accounts table's state in the URL (/accounts?search=marketing&page=2&sort=renewalDate,
// /accounts?unused=true).
import { z } from "zod";
import { listSearchParamsSchema } from "@/client/lib/list-search-params";
import { ACCOUNT_SORT_KEYS } from "@/domain/schemas/accounts";

export const accountListSearchParamsSchema = listSearchParamsSchema.extend({
  sort: z.enum(ACCOUNT_SORT_KEYS).catch("email"),
  /** Only unused accounts (issue 33; administrators: Needs Attention links here). */
  unused: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .catch(false),
});
