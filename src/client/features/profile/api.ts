// Server calls of the Profile's Security tab (spec part 2, section 7 'Biometric credentials').
import {
  type PublicKeyCredentialCreationOptionsJSON,
  startRegistration,
} from "@simplewebauthn/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { UserResponse } from "@/domain/schemas/users";
import type {
  WebauthnCredentialResponse,
  WebauthnRegisterOptionsResponse,
} from "@/domain/schemas/webauthn";

export const profileKeys = {
  credentials: ["/api/auth/webauthn/credentials"] as const,
  own: (id: number) => [`/api/users/${id}`] as const,
};

export function useCredentials() {
  return useQuery({
    queryKey: profileKeys.credentials,
    queryFn: ({ signal }) =>
      api.get<WebauthnCredentialResponse[]>("/api/auth/webauthn/credentials", { signal }),
  });
}

/** The signed-in user's own record: whether Google is linked (the Login Methods card). */
export function useOwnRecord(userId: number) {
  return useQuery({
    queryKey: profileKeys.own(userId),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.credentials }),
  });
}

export function useDeleteCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/auth/webauthn/credentials/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.credentials }),
  });
}
