// Personal API tokens (GET/POST /api/tokens, DELETE /api/tokens/:id; administrators only,
// decision 0024). The created token is only in the POST's answer, never in the list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type {
  ApiTokenListResponse,
  CreateApiTokenRequest,
  CreatedApiTokenResponse,
} from "@/domain/schemas/api-tokens";

export const apiTokenKeys = { all: ["/api/tokens"] as const };

export function useApiTokens() {
  return useQuery({
    queryKey: apiTokenKeys.all,
    queryFn: ({ signal }) => api.get<ApiTokenListResponse>("/api/tokens", { signal }),
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenRequest) =>
      api.post<CreatedApiTokenResponse>("/api/tokens", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/tokens/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
