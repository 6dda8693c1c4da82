// Passkey sign-in for a typed username (spec part 1, sections 2.5, 3, 5 and 7).
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
} from "@simplewebauthn/browser";
import { ApiError, api } from "@/client/lib/api-client";
import type { AuthUser } from "@/domain/schemas/auth";
import type { WebauthnLoginOptionsResponse } from "@/domain/schemas/webauthn";
import { BIOMETRIC_USERNAME_REQUIRED, WEBAUTHN_UNSUPPORTED } from "./biometric-login-errors";

export { BIOMETRIC_USERNAME_REQUIRED, WEBAUTHN_UNSUPPORTED };

interface VerifyResponse {
  success?: boolean;
  user?: AuthUser;
}

async function fetchLoginOptions(username: string) {
  const response = await api.post<Partial<WebauthnLoginOptionsResponse>>(
    "/api/auth/webauthn/login/options",
    { username },
  );
  const allow = response?.options?.allowCredentials;
  return response?.success && response.options && Array.isArray(allow) && allow.length > 0
    ? (response.options as PublicKeyCredentialRequestOptionsJSON)
    : null;
}

/** True only when the server offers at least one credential for this username; never throws. */
export async function isBiometricAvailable(username: string): Promise<boolean> {
  if (username.trim() === "" || !browserSupportsWebAuthn()) return false;
  try {
    return (await fetchLoginOptions(username.trim())) !== null;
  } catch {
    return false;
  }
}

/**
 * Runs the ceremony. Resolves with the signed-in user, or null when the server does not verify
 * the credential; throws for a missing username, an unsupported browser or a failed ceremony
 * (describeBiometricError words it).
 */
export async function biometricLogin(username: string): Promise<AuthUser | null> {
  if (username.trim() === "") throw new Error(BIOMETRIC_USERNAME_REQUIRED);
  if (!browserSupportsWebAuthn()) throw new Error(WEBAUTHN_UNSUPPORTED);
  const options = await fetchLoginOptions(username.trim());
  if (!options) return null;
  const authenticationResponse = await startAuthentication({ optionsJSON: options });
  let result: VerifyResponse | null;
  try {
    result = await api.post<VerifyResponse>("/api/auth/webauthn/login/verify", {
      authenticationResponse,
    });
  } catch (error) {
    // The server looked at the signature and said no: the spec's "could not verify".
    if (error instanceof ApiError && error.status === 401) {
      console.warn("Passkey sign-in refused:", error.code, error.message);
      return null;
    }
    throw error;
  }
  return result?.success && result.user ? result.user : null;
}
