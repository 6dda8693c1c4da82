import { WebAuthnError, type WebAuthnErrorCode } from "@simplewebauthn/browser";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/client/lib/api-client";
import {
  BIOMETRIC_USERNAME_REQUIRED,
  biometricErrorReason,
  CEREMONY_MESSAGES,
  describeBiometricFailure,
  WEBAUTHN_UNSUPPORTED,
} from "./biometric-login-errors";

const FALLBACK = "There was a problem with biometric authentication. Please try another method.";

const ceremonyError = (code: WebAuthnErrorCode, causeName = "Error") => {
  const cause = new Error("browser said no");
  cause.name = causeName;
  return new WebAuthnError({ message: "x", code, cause });
};

describe("passkey ceremony errors in words", () => {
  // Spec part 1, section 8: every condition the catalogue names.
  const catalogue: WebAuthnErrorCode[] = [
    "ERROR_CEREMONY_ABORTED",
    "ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT",
    "ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT",
    "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED",
    "ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG",
    "ERROR_INVALID_RP_ID",
    "ERROR_INVALID_DOMAIN",
    "ERROR_INVALID_USER_ID_LENGTH",
    "ERROR_AUTHENTICATOR_GENERAL_ERROR",
  ];

  it.each(catalogue)("words %s", (code) => {
    const reason = biometricErrorReason(ceremonyError(code));
    expect(reason).toBe(CEREMONY_MESSAGES[code]);
    expect(reason).toMatch(/^[A-Z].+\.$/);
  });

  it("words the browser's NotAllowedError (prompt closed or timed out) and autofill", () => {
    expect(
      biometricErrorReason(
        ceremonyError("ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", "NotAllowedError"),
      ),
    ).toMatch(/closed or timed out/);
    expect(biometricErrorReason(new Error("Browser does not support WebAuthn autofill"))).toMatch(
      /cannot offer passkeys/,
    );
  });

  it("passes on the server's refusals and leaves the unknown to the fallback", () => {
    const configured = new ApiError("Passkeys are not configured for this address.", {
      status: 503,
      code: "PASSKEYS_NOT_CONFIGURED",
    });
    expect(biometricErrorReason(configured)).toBe("Passkeys are not configured for this address.");
    expect(biometricErrorReason(new ApiError("boom", { status: 500 }))).toBeNull();
    expect(biometricErrorReason(new TypeError("Failed to fetch"))).toBeNull();
    expect(describeBiometricFailure(new TypeError("x"), FALLBACK)).toEqual({
      message: FALLBACK,
      detail: null,
    });
  });

  it("shows the spec's own messages alone", () => {
    for (const message of [WEBAUTHN_UNSUPPORTED, BIOMETRIC_USERNAME_REQUIRED]) {
      expect(describeBiometricFailure(new Error(message), FALLBACK)).toEqual({
        message,
        detail: null,
      });
    }
    expect(describeBiometricFailure(ceremonyError("ERROR_INVALID_DOMAIN"), FALLBACK)).toEqual({
      message: FALLBACK,
      detail: CEREMONY_MESSAGES.ERROR_INVALID_DOMAIN,
    });
  });
});
