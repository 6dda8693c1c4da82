// Server calls of the second factor: the signed-in user's own (Profile, Settings) and an
// administrator's view and reset of someone else's (User Details).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type {
  RecoveryCodesResponse,
  TwoFactorDisableRequest,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from "@/domain/schemas/two-factor";

export const twoFactorKeys = {
  own: ["/api/auth/two-factor"] as const,
  ofUser: (userId: number) => [`/api/users/${userId}/two-factor`] as const,
};

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKeys.own,
    queryFn: ({ signal }) => api.get<TwoFactorStatusResponse>("/api/auth/two-factor", { signal }),
  });
}

export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => api.post<TwoFactorSetupResponse>("/api/auth/two-factor/setup", {}),
  });
}

function useRefreshOwnStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.own });
}

export function useConfirmTwoFactor() {
  const refresh = useRefreshOwnStatus();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<RecoveryCodesResponse>("/api/auth/two-factor/confirm", { code }),
    onSuccess: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshOwnStatus();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<RecoveryCodesResponse>("/api/auth/two-factor/recovery-codes", { code }),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorDisableRequest) =>
      api.post<TwoFactorStatusResponse>("/api/auth/two-factor/disable", input),
    onSuccess: (status) => queryClient.setQueryData(twoFactorKeys.own, status),
  });
}

export function useUserTwoFactor(userId: number) {
  return useQuery({
    queryKey: twoFactorKeys.ofUser(userId),
    queryFn: ({ signal }) =>
      api.get<{ enabled: boolean }>(`/api/users/${userId}/two-factor`, { signal }),
  });
}

export function useResetUserTwoFactor(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`/api/users/${userId}/two-factor`),
    onSuccess: () => queryClient.setQueryData(twoFactorKeys.ofUser(userId), { enabled: false }),
  });
}
