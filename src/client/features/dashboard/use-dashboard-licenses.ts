// The viewer's licenses for the dashboard: every license for an administrator, their own for
// anyone else, in one unpaged list (Needs Attention and Renews Soon look at all of them; the
// licenses screens read pages instead). A renewal, edit or assignment anywhere refreshes it.
import { type LicenseListParams, useLicenses } from "@/client/features/licenses";

const EVERY_LICENSE: LicenseListParams = { search: "", status: "all", sort: "name", order: "asc" };

export function useDashboardLicenses(
  viewer: { id: number; isAdmin: boolean } | null,
  today: string,
) {
  return useLicenses(viewer, EVERY_LICENSE, today);
}

export type DashboardLicensesQuery = ReturnType<typeof useDashboardLicenses>;
