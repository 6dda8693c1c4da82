// Server calls of the Hosting page (spec part 2, section 7 'Hosting'): status cached 30 s, the
// rest 60 s; after a fetch, successful or not, every hosting query is reloaded (a failed import
// changes the status). Query keys start with the API path.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type {
  HostingCost,
  HostingDroplet,
  HostingImportResponse,
  HostingStatusResponse,
  HostingSummaryResponse,
} from "@/domain/schemas/hosting";

export const hostingKeys = {
  all: ["/api/hosting"] as const,
  status: ["/api/hosting", "status"] as const,
  droplets: ["/api/hosting", "droplets"] as const,
  costs: ["/api/hosting", "costs"] as const,
  summary: ["/api/hosting", "summary"] as const,
};

const STATUS_STALE_MS = 30_000;
const DATA_STALE_MS = 60_000;
/** An import reads every page of two invoices, each request with its own server-side timeout. */
const IMPORT_TIMEOUT_MS = 5 * 60_000;

export const useHostingStatus = () =>
  useQuery({
    queryKey: hostingKeys.status,
    queryFn: ({ signal }) => api.get<HostingStatusResponse>("/api/hosting/status", { signal }),
    staleTime: STATUS_STALE_MS,
  });

export const useHostingDroplets = () =>
  useQuery({
    queryKey: hostingKeys.droplets,
    queryFn: ({ signal }) => api.get<HostingDroplet[]>("/api/hosting/droplets", { signal }),
    staleTime: DATA_STALE_MS,
  });

export const useHostingCosts = () =>
  useQuery({
    queryKey: hostingKeys.costs,
    queryFn: ({ signal }) => api.get<HostingCost[]>("/api/hosting/costs", { signal }),
    staleTime: DATA_STALE_MS,
  });

export const useHostingSummary = () =>
  useQuery({
    queryKey: hostingKeys.summary,
    queryFn: ({ signal }) => api.get<HostingSummaryResponse>("/api/hosting/summary", { signal }),
    staleTime: DATA_STALE_MS,
  });

export type HostingFetchKind = "latest" | "previous";

const FETCH_PATHS: Record<HostingFetchKind, string> = {
  latest: "/api/hosting/fetch-latest",
  previous: "/api/hosting/fetch-previous-month",
};

export function useHostingFetch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: HostingFetchKind) =>
      api.post<HostingImportResponse>(FETCH_PATHS[kind], undefined, {
        timeoutMs: IMPORT_TIMEOUT_MS,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hostingKeys.all }),
  });
}
