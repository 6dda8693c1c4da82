// What distinguishes one OpenID Connect sign-in from another (decision 0059): Google's and the
// OIDC_ISSUER's share every step (discovery, state, nonce and PKCE, the code exchange, linking by
// subject or verified e-mail, creating, the session) and differ only in what this descriptor names.

import type { Role } from "../../../domain/enums";
import type { OpenIdFailure, OpenIdFailureKind } from "../../../domain/oidc-sign-in";

/** What the callback learns about the person from the verified ID token. */
export interface OpenIdIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** Every claim of the ID token, for a provider's own rules (Google's hd, the groups claim). */
  claims: Readonly<Record<string, unknown>>;
}

export interface OpenIdClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
  /** Extra authorization request parameters (Google's hd hint). */
  authorizationParameters?: Readonly<Record<string, string>>;
  /** The callback under PUBLIC_URL; null: the address the sign-in started at. */
  redirectUri: string | null;
  /**
   * Whether the ID token's claims lack what the provider needs (an issuer may release e-mail or
   * groups only at its userinfo endpoint): then userinfo fills in the claims the ID token lacks.
   */
  needsUserInfo?(claims: Readonly<Record<string, unknown>>): boolean;
}

export interface OpenIdProvider {
  /** The sign-in method recorded, and the provider of a sign-in state. */
  id: "google" | "oidc";
  /** For the log ("Google sign-in refused"). */
  name: string;
  path: string;
  callbackPath: string;
  /** Binds a sign-in's state to the browser that started it (a login-CSRF defence). */
  stateCookie: string;
  /** Null when the server has this sign-in not configured: both routes then say so. */
  client: OpenIdClientSettings | null;
  autoCreate: boolean;
  /** The provider's code for a refusal, which /login?error= carries. */
  failure(kind: OpenIdFailureKind): OpenIdFailure;
  /** The users column holding the subject at this issuer. */
  subjectKey: "googleId" | "oidcSubject";
  /** The activity log's name for "this provider is linked" (the subject itself stays out). */
  linkedFlag: "hasGoogle" | "hasOidc";
  /** A provider's own admission rule before any account is looked at: a refusal's detail, or null. */
  refuse?(identity: OpenIdIdentity): { kind: OpenIdFailureKind; detail: string } | null;
  /**
   * The role the identity signs in with, re-applied at every sign-in (OIDC_ADMIN_GROUPS); null
   * leaves the role as it is (and creates users as role user).
   */
  roleOf?(identity: OpenIdIdentity): Role | null;
}
