// Every passkey ceremony error (spec part 1, section 8) as a sentence a person can act on.
// @simplewebauthn/browser names the error with a code; the browser's own NotAllowedError (the
// person closed the prompt, or it timed out) passes through with its name.
import { ApiError } from "@/client/lib/api-client";
import { ownEntry } from "@/domain/own-entry";
import { BIOMETRIC_USERNAME_REQUIRED } from "@/domain/schemas/webauthn-messages";

export const WEBAUTHN_UNSUPPORTED = "WebAuthn is not supported in this browser";
export { BIOMETRIC_USERNAME_REQUIRED };

const CANCELLED =
  "The biometric prompt was closed or timed out before it finished. Please try again.";

export const CEREMONY_MESSAGES: Record<string, string> = {
  ERROR_CEREMONY_ABORTED: CANCELLED,
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT:
    "This device cannot store a passkey (discoverable credentials are not supported). Try another device or security key.",
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT:
    "This device cannot verify you with a fingerprint, face or PIN. Set one up, or try another device.",
  ERROR_AUTO_REGISTER_USER_VERIFICATION_FAILURE:
    "This device cannot verify you with a fingerprint, face or PIN. Set one up, or try another device.",
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: "This device is already registered for your account.",
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG:
    "This device does not support any of the signature algorithms this site accepts.",
  ERROR_MALFORMED_PUBKEYCREDPARAMS:
    "This device does not support any of the signature algorithms this site accepts.",
  ERROR_INVALID_RP_ID:
    "Passkeys are set up for a different address than the one in your browser. Open the site at its usual address and try again.",
  ERROR_INVALID_DOMAIN:
    "Passkeys need the site to be opened by its name (such as http://localhost), not by an IP address.",
  ERROR_INVALID_USER_ID_LENGTH:
    "The server sent an invalid user ID (it must be 1 to 64 bytes long). Please contact an administrator.",
  ERROR_AUTHENTICATOR_GENERAL_ERROR:
    "Your device could not complete the biometric check. Please try again.",
};

const AUTOFILL_UNSUPPORTED = "This browser cannot offer passkeys from the username field.";

/**
 * Why a ceremony or passkey call failed, in words; null when nothing more specific than the
 * caller's fallback can be said.
 */
export function biometricErrorReason(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  const message = typeof code === "string" ? ownEntry(CEREMONY_MESSAGES, code) : undefined;
  if (message) return message;
  const cause = (error as { cause?: unknown }).cause;
  const name = cause instanceof Error ? cause.name : error.name;
  if (name === "NotAllowedError" || name === "AbortError") return CANCELLED;
  if (error.message === WEBAUTHN_UNSUPPORTED || error.message === BIOMETRIC_USERNAME_REQUIRED) {
    return error.message;
  }
  if (/autofill|autocomplete/i.test(error.message)) return AUTOFILL_UNSUPPORTED;
  // The server's refusals carry their own words (not configured, already registered...).
  if (error instanceof ApiError && error.kind === "http" && error.status < 500)
    return error.message;
  if (error instanceof ApiError && error.code === "PASSKEYS_NOT_CONFIGURED") return error.message;
  return null;
}

/** The spec's own messages stand alone; any other reason comes under the fallback. */
export function describeBiometricFailure(
  error: unknown,
  fallback: string,
): { message: string; detail: string | null } {
  const reason = biometricErrorReason(error);
  if (reason === WEBAUTHN_UNSUPPORTED || reason === BIOMETRIC_USERNAME_REQUIRED) {
    return { message: reason, detail: null };
  }
  return { message: fallback, detail: reason };
}
