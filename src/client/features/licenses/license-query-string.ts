// Query strings of the licenses screens' requests, kept apart from the hooks so they can be tested.
import { listQueryString, type PageWindow } from "@/client/lib/list-query-string";
import type { LicenseListParams } from "./query-keys";

/**
 * GET /api/licenses (or a user's list, or the seats of a page: /api/assignments/of-license-page):
 * filter, sort, the viewer's date and, for a page, its rows.
 */
export function licenseListQueryString(
  params: LicenseListParams,
  today: string,
  page?: PageWindow,
): string {
  return listQueryString(licenseListQuery(params, today), page);
}

/** The parameters of those requests, before the page's window is added. */
export function licenseListQuery(params: LicenseListParams, today: string) {
  const { status, sort, order, search, expiryFrom, expiryTo, lowSeats, unused } = params;
  return {
    status,
    sort,
    order,
    today,
    search,
    expiryFrom,
    expiryTo,
    lowSeats: lowSeats ? "true" : undefined,
    unused: unused ? "true" : undefined,
  };
}
