// Passkey messages and defaults without zod, so the login page can use them without loading zod;
// the request schemas in webauthn.ts use the same ones.
export const BIOMETRIC_USERNAME_REQUIRED =
  "Username required: Please enter your username first to use biometric login";
export const DEFAULT_CREDENTIAL_NAME = "My Device";
export const CREDENTIAL_NAME_MAX = 100;
