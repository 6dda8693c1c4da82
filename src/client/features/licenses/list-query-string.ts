// Query strings of the licenses screens' requests, kept apart from the hooks so they can be tested.
import type { LicenseListParams } from "./query-keys";

/** GET /api/licenses (or a user's list): filter, sort, the viewer's date and, for a page, its rows. */
export function licenseListQueryString(
  params: LicenseListParams,
  today: string,
  page?: { limit: number; offset: number },
): string {
  const query = new URLSearchParams({
    status: params.status,
    sort: params.sort,
    order: params.order,
    today,
  });
  const search = params.search.trim();
  if (search) query.set("search", search);
  if (page) {
    query.set("limit", String(page.limit));
    query.set("offset", String(page.offset));
  }
  return query.toString();
}

/** GET /api/assignments for the seats a page shows: only these licenses, only active seats. */
export function pageAssignmentsQueryString(licenseIds: readonly number[]): string {
  return `licenseIds=${licenseIds.join(",")}&active=true`;
}
