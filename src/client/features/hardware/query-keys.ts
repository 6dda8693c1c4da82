// Query keys start with the API path they read, so a write refreshes every hardware list, the
// summary figures, the requests and the dashboard's cards by path prefix.
import type { Query } from "@tanstack/react-query";
import type { HardwareView } from "@/domain/schemas/hardware";

export interface HardwareListParams {
  view: HardwareView;
  search: string;
  type: string;
  location: string;
}

export const hardwareKeys = {
  page: (params: HardwareListParams, page: number, pageSize: number) =>
    ["/api/hardware", params, { page, pageSize }] as const,
  summary: () => ["/api/hardware/summary"] as const,
  ofUser: (userId: number) => ["/api/hardware", { assignedToUserId: userId }] as const,
  available: (search: string, limit: number) =>
    ["/api/hardware", { available: search, limit }] as const,
  requests: (page: number, pageSize: number) =>
    ["/api/hardware-requests", { page, pageSize }] as const,
};

const HARDWARE_DATA = /^\/api\/(hardware|hardware-requests|dashboard)(\/|$)/;

/** True for every query that shows hardware, hardware requests or the dashboard. */
export const hardwareDataPredicate = (query: Pick<Query, "queryKey">) => {
  const [path] = query.queryKey;
  return typeof path === "string" && HARDWARE_DATA.test(path);
};
