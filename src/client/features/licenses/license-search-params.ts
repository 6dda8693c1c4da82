// The Licenses screen's list state in the URL (/licenses?status=expiring&sort=cost&page=2).
import { z } from "zod";
import { listSearchParamsSchema } from "@/client/lib/list-search-params";
import type { LicenseListParams } from "./query-keys";

export const licenseListSearchParamsSchema = listSearchParamsSchema.extend({
  status: z
    .enum(["all", "active", "expiring", "expired"] satisfies LicenseListParams["status"][])
    .catch("all"),
  sort: z.enum(["name", "expiryDate", "cost"] satisfies LicenseListParams["sort"][]).catch("name"),
});

/** The License Assignments screen keeps only its page in the URL. */
export const assignmentCardsSearchParamsSchema = listSearchParamsSchema.pick({ page: true });
