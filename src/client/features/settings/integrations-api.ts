// Workspace sync (issue 33): the providers with their last run (GET /api/integrations), a preview
// and a sync (POST /api/integrations/{provider}/preview|sync); administrators only.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type {
  IntegrationPreviewResponse,
  IntegrationSyncResponse,
  IntegrationsResponse,
} from "@/domain/schemas/integrations";

export const integrationsKey = ["/api/integrations"] as const;

/** A provider is read page by page and may wait out throttling: longer than a plain request. */
const SYNC_TIMEOUT_MS = 5 * 60_000;

export function useIntegrations() {
  return useQuery({
    queryKey: integrationsKey,
    queryFn: ({ signal }) => api.get<IntegrationsResponse>("/api/integrations", { signal }),
  });
}

export function usePreviewIntegration() {
  return useMutation({
    mutationFn: (provider: string) =>
      api.post<IntegrationPreviewResponse>(`/api/integrations/${provider}/preview`, undefined, {
        timeoutMs: SYNC_TIMEOUT_MS,
      }),
  });
}

export function useSyncIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: string) =>
      api.post<IntegrationSyncResponse>(`/api/integrations/${provider}/sync`, undefined, {
        timeoutMs: SYNC_TIMEOUT_MS,
      }),
    // A sync changes licenses, seats and accounts, and a failed one is the last run: read again.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
