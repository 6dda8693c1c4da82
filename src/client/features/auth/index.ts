// The auth feature's public entry: what other features may use. The app shell and router take
// the rest (login page, guards, provider) from their own files.
export { useAuth } from "./auth-context";
export { biometricErrorReason, WEBAUTHN_UNSUPPORTED } from "./biometric-login-errors";
export { FullPageSpinner } from "./require-auth";
