// Sign in with Google: what the server and the login page agree on. The callback never answers
// with JSON (it is a full-page navigation); a refusal sends the browser to /login?error=<code>,
// and the login page shows the message of that code. No zod here: the login page imports this and
// stays small (the routes' schemas are in schemas/google-sign-in.ts).
export const GOOGLE_PATH = "/api/auth/google";
export const GOOGLE_CALLBACK_PATH = "/api/auth/google/callback";

/** The spec's message (part 1, section 8), for every failure without a clearer one. */
export const GOOGLE_ERROR = "There was a problem connecting to Google. Please try again.";

export const GOOGLE_NOT_CONFIGURED = "Sign in with Google is not set up on this server.";

export const googleFailureMessages = {
  /** Google could not be reached, the answer did not verify, or anything unexpected. */
  google: GOOGLE_ERROR,
  /** The person declined (or Google refused) on Google's side. */
  google_denied: "Google sign-in was cancelled. Please try again.",
  /** The sign-in state is missing, expired or was already used (a replay, or an old tab). */
  google_expired: "That Google sign-in has expired or was already used. Please try again.",
  google_unconfigured: GOOGLE_NOT_CONFIGURED,
  /** GOOGLE_ALLOWED_DOMAIN is set and the account is not of that Workspace domain. */
  google_domain: "This Google account is not from the organisation allowed to sign in here.",
  /** No user has this Google account or its e-mail address, and accounts are not created. */
  google_unknown:
    "No account here matches this Google account. Please contact an administrator to be added.",
  /** Google has not verified the e-mail address, so it cannot be matched to an account. */
  google_unverified: "Google has not verified this account's e-mail address, so it cannot be used.",
  /** The e-mail address belongs to an account linked to another Google account (or to several). */
  google_conflict:
    "This e-mail address belongs to an account that is linked to a different Google account.",
  google_deactivated: "This account has been deactivated. Please contact an administrator.",
  google_rate_limited: "Too many failed sign-in attempts. Please wait a few minutes and try again.",
} as const;

export type GoogleFailure = keyof typeof googleFailureMessages;

export function isGoogleFailure(value: unknown): value is GoogleFailure {
  return typeof value === "string" && Object.hasOwn(googleFailureMessages, value);
}

/** The message for /login?error=<value>: a known code's message, else the spec's generic one. */
export function googleFailureMessage(value: string): string {
  return isGoogleFailure(value) ? googleFailureMessages[value] : GOOGLE_ERROR;
}
