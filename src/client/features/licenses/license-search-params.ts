// The Licenses screen's list state in the URL (/licenses?status=expiring&sort=cost&page=2), and
// the range of expiry dates the calendar feed's links ask for (?expiryFrom=…&expiryTo=…).
import { z } from "zod";
import { listSearchParamsSchema } from "@/client/lib/list-search-params";
import { isIsoDate } from "@/domain/dates";
import type { LicenseListParams } from "./query-keys";

export const licenseListSearchParamsSchema = listSearchParamsSchema.extend({
  status: z
    .enum(["all", "active", "expiring", "expired"] satisfies LicenseListParams["status"][])
    .catch("all"),
  sort: z.enum(["name", "expiryDate", "cost"] satisfies LicenseListParams["sort"][]).catch("name"),
  expiryFrom: z.string().refine(isIsoDate).catch(""),
  expiryTo: z.string().refine(isIsoDate).catch(""),
  lowSeats: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .catch(false),
  /** Only licenses with an unused seat (issue 33). */
  unused: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .catch(false),
});

/** The License Assignments screen keeps its page and the Unused filter in the URL. */
export const assignmentCardsSearchParamsSchema = listSearchParamsSchema
  .pick({ page: true })
  .extend({ unused: licenseListSearchParamsSchema.shape.unused });
