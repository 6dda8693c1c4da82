// Query keys start with the API path they read (the spec's convention, which the app's default
// query function also follows), so a write can refresh every cached list of licenses and
// assignments, including other screens' (the dashboard's counts), by path prefix.
import type { Query } from "@tanstack/react-query";

export interface LicenseListParams {
  search: string;
  status: "all" | "active" | "expiring" | "expired";
  sort: "name" | "expiryDate" | "cost";
  order: "asc" | "desc";
  /** Only licenses expiring from / to these days ('YYYY-MM-DD'; blank or absent: any). */
  expiryFrom?: string;
  expiryTo?: string;
  /** Only licenses at or under their low-seat threshold. */
  lowSeats?: boolean;
  /** Only licenses with an unused seat (holder suspended or not signed in for a while). */
  unused?: boolean;
}

/** One page of a screen's list; with its licenses' active assignments when `withAssignments`. */
export interface LicensePageRequest {
  page: number;
  pageSize: number;
  withAssignments: boolean;
}

export const licenseKeys = {
  all: (params: LicenseListParams) => ["/api/licenses", params] as const,
  ofUser: (userId: number, params: LicenseListParams) =>
    [`/api/users/${userId}/licenses`, params] as const,
  page: (params: LicenseListParams, request: LicensePageRequest) =>
    ["/api/licenses", params, request] as const,
  pageOfUser: (userId: number, params: LicenseListParams, request: LicensePageRequest) =>
    [`/api/users/${userId}/licenses`, params, request] as const,
  /** One user's seats, as User Details shows them. */
  heldBy: (userId: number) => [`/api/users/${userId}/licenses`] as const,
  viewLogs: (licenseId: number) => [`/api/licenses/${licenseId}/view-logs`] as const,
  renewals: (licenseId: number) => [`/api/licenses/${licenseId}/renewals`] as const,
};

export const assignmentKeys = {
  all: () => ["/api/assignments"] as const,
  ofUser: (userId: number) => [`/api/users/${userId}/assignments`] as const,
};

const LICENSE_DATA =
  /^\/api\/(licenses|assignments|renewals|dashboard)(\/|$)|^\/api\/users\/\d+\/(licenses|assignments)$/;

/** True for every query that shows licenses, assignments, renewals, view logs or the dashboard. */
export function isLicenseDataKey(queryKey: readonly unknown[]): boolean {
  const [path] = queryKey;
  return typeof path === "string" && LICENSE_DATA.test(path);
}

export const licenseDataPredicate = (query: Pick<Query, "queryKey">) =>
  isLicenseDataKey(query.queryKey);
