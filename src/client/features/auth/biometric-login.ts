// Passkey sign-in for a typed username (spec part 1, sections 2.5, 5 and 7). The server side
// arrives in a later issue; until then every availability check fails and the button stays hidden.
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
} from "@simplewebauthn/browser";
import { api } from "@/client/lib/api-client";
import type { AuthUser } from "@/domain/schemas/auth";

interface LoginOptionsResponse {
  success?: boolean;
  options?: PublicKeyCredentialRequestOptionsJSON;
}

interface VerifyResponse {
  success?: boolean;
  user?: AuthUser;
}

export const BIOMETRIC_USERNAME_REQUIRED =
  "Username required: Please enter your username first to use biometric login";
export const WEBAUTHN_UNSUPPORTED = "WebAuthn is not supported in this browser";

async function fetchLoginOptions(username: string) {
  const response = await api.post<LoginOptionsResponse>("/api/auth/webauthn/login/options", {
    username,
  });
  const allow = response?.options?.allowCredentials;
  return response?.success && response.options && Array.isArray(allow) && allow.length > 0
    ? response.options
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
 * the credential; throws for missing username, unsupported browser or a failed ceremony.
 */
export async function biometricLogin(username: string): Promise<AuthUser | null> {
  if (username.trim() === "") throw new Error(BIOMETRIC_USERNAME_REQUIRED);
  if (!browserSupportsWebAuthn()) throw new Error(WEBAUTHN_UNSUPPORTED);
  const options = await fetchLoginOptions(username.trim());
  if (!options) return null;
  const authenticationResponse = await startAuthentication({ optionsJSON: options });
  const result = await api.post<VerifyResponse>("/api/auth/webauthn/login/verify", {
    username: username.trim(),
    authenticationResponse,
  });
  return result?.success && result.user ? result.user : null;
}
