// SCIM provisioning's administration (decision 0060; administrators only): the identity
// provider's tokens (GET/POST /api/scim-tokens, DELETE /api/scim-tokens/:id; a created token is
// only in the POST's answer) and the deprovisioning policy (GET/PUT /api/scim-settings).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type {
  CreatedScimTokenResponse,
  CreateScimTokenRequest,
  ScimSettings,
  ScimTokenResponse,
} from "@/domain/schemas/scim";

export const scimKeys = {
  tokens: ["/api/scim-tokens"] as const,
  settings: ["/api/scim-settings"] as const,
};

export function useScimTokens() {
  return useQuery({
    queryKey: scimKeys.tokens,
    queryFn: ({ signal }) => api.get<ScimTokenResponse[]>("/api/scim-tokens", { signal }),
  });
}

export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateScimTokenRequest) =>
      api.post<CreatedScimTokenResponse>("/api/scim-tokens", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimKeys.tokens }),
  });
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/scim-tokens/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimKeys.tokens }),
  });
}

export function useScimSettings() {
  return useQuery({
    queryKey: scimKeys.settings,
    queryFn: ({ signal }) => api.get<ScimSettings>("/api/scim-settings", { signal }),
  });
}

export function useSaveScimSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ScimSettings) => api.put<ScimSettings>("/api/scim-settings", input),
    onSuccess: (saved) => queryClient.setQueryData(scimKeys.settings, saved),
  });
}
