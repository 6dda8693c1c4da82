// Server calls of the Profile's Security tab besides the second factor (two-factor-api.ts): the
// password change, the passkeys (spec part 2, section 7 'Biometric credentials') and the user's
// own record, which says whether Google is linked.
import {
  type PublicKeyCredentialCreationOptionsJSON,
  startRegistration,
} from "@simplewebauthn/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { OidcStatusResponse } from "@/domain/schemas/oidc-sign-in";
import type { ChangePasswordRequest } from "@/domain/schemas/two-factor";
import type { UserResponse } from "@/domain/schemas/users";
import type {
  WebauthnCredentialResponse,
  WebauthnRegisterOptionsResponse,
} from "@/domain/schemas/webauthn";

export const accountSecurityKeys = {
  credentials: ["/api/auth/webauthn/credentials"] as const,
  own: (id: number) => [`/api/users/${id}`] as const,
  sso: ["/api/auth/oidc/status"] as const,
};

/** Whether the server has single sign-on (OIDC_ISSUER) set up: the Login Methods card's SSO row. */
export function useSsoStatus() {
  return useQuery({
    queryKey: accountSecurityKeys.sso,
    queryFn: ({ signal }) => api.get<OidcStatusResponse>("/api/auth/oidc/status", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCredentials() {
  return useQuery({
    queryKey: accountSecurityKeys.credentials,
    queryFn: ({ signal }) =>
      api.get<WebauthnCredentialResponse[]>("/api/auth/webauthn/credentials", { signal }),
  });
}

/** The signed-in user's own record: whether Google is linked (the Login Methods card). */
export function useOwnRecord(userId: number) {
  return useQuery({
    queryKey: accountSecurityKeys.own(userId),
    queryFn: ({ signal }) => api.get<UserResponse>(`/api/users/${userId}`, { signal }),
  });
}

/** Options from the server, the browser's ceremony, then the server's verification. */
export function useRegisterCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      username,
      credentialName,
    }: {
      username: string;
      credentialName: string;
    }) => {
      const answer = await api.post<WebauthnRegisterOptionsResponse>(
        "/api/auth/webauthn/register/options",
        { username },
      );
      const attestationResponse = await startRegistration({
        optionsJSON: answer.options as PublicKeyCredentialCreationOptionsJSON,
      });
      return api.post<{ success: true; credential: WebauthnCredentialResponse }>(
        "/api/auth/webauthn/register/verify",
        { attestationResponse, credentialName },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSecurityKeys.credentials }),
  });
}

export function useDeleteCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/auth/webauthn/credentials/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSecurityKeys.credentials }),
  });
}

/** The server checks the current password and signs out every other session of the user. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      api.post<{ success: true; endedSessions: number }>("/api/auth/password", input),
  });
}
