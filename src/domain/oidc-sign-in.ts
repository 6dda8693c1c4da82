// Sign in through the OpenID Connect issuer of OIDC_ISSUER (decision 0059): what the server and the
// login page agree on, as google-sign-in.ts is for Google. A refusal sends the browser to
// /login?error=<code>; the messages mirror Google's (spec part 1, section 8) for any issuer.
import type { GoogleFailure } from "./google-sign-in";

export const OIDC_PATH = "/api/auth/oidc";
export const OIDC_CALLBACK_PATH = "/api/auth/oidc/callback";

/** The button's text when OIDC_BUTTON_LABEL is unset. */
export const OIDC_DEFAULT_LABEL = "Sign in with SSO";

export const OIDC_ERROR =
  "There was a problem connecting to the sign-in provider. Please try again.";

export const oidcFailureMessages = {
  /** The issuer could not be reached, the answer did not verify, or anything unexpected. */
  oidc: OIDC_ERROR,
  oidc_denied: "Single sign-on was cancelled. Please try again.",
  oidc_expired: "That single sign-on has expired or was already used. Please try again.",
  oidc_unconfigured: "Single sign-on is not set up on this server.",
  oidc_unknown:
    "No account here matches this single sign-on account. Please contact an administrator to be added.",
  oidc_unverified:
    "The sign-in provider has not verified this account's e-mail address, so it cannot be used.",
  oidc_conflict:
    "This e-mail address belongs to an account that is linked to a different single sign-on account.",
  oidc_deactivated: "This account has been deactivated. Please contact an administrator.",
  oidc_rate_limited: "Too many failed sign-in attempts. Please wait a few minutes and try again.",
} as const;

export type OidcFailure = keyof typeof oidcFailureMessages;

export function isOidcFailure(value: unknown): value is OidcFailure {
  return typeof value === "string" && Object.hasOwn(oidcFailureMessages, value);
}

/** The message for /login?error=<value>: a known code's message, else the generic one. */
export function oidcFailureMessage(value: string): string {
  return isOidcFailure(value) ? oidcFailureMessages[value] : OIDC_ERROR;
}

/**
 * What any OpenID Connect sign-in can be refused for; each provider names it with its own code
 * (`google_unknown`, `oidc_unknown`; "error" is the bare `google` or `oidc`). `domain` is Google's
 * alone (GOOGLE_ALLOWED_DOMAIN).
 */
export type OpenIdFailureKind =
  | "error"
  | "denied"
  | "expired"
  | "unconfigured"
  | "domain"
  | "unknown"
  | "unverified"
  | "conflict"
  | "deactivated"
  | "rate_limited";

export type OpenIdFailure = GoogleFailure | OidcFailure;
