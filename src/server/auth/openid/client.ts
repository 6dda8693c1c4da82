// The OpenID Connect side of a sign-in (Google's or the OIDC_ISSUER's), through openid-client (v6):
// discovery once per process (retried after a failure), the authorization URL with state, nonce
// and PKCE, and the code exchange that verifies the ID token (signature, issuer, audience, expiry,
// nonce) and the state.
import * as oidc from "openid-client";
import { isLoopbackUrl } from "../../config";
import type { OpenIdClientSettings, OpenIdIdentity } from "./provider";

export interface PendingAuthorization {
  url: URL;
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

const REQUEST_TIMEOUT_SECONDS = 10;

export interface OpenIdClient {
  begin(redirectUri: string): Promise<PendingAuthorization>;
  /** Verifies the authorization response against what begin() kept; throws on any mismatch. */
  finish(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OpenIdIdentity>;
}

export function createOpenIdClient(settings: OpenIdClientSettings): OpenIdClient {
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: REQUEST_TIMEOUT_SECONDS,
        // openid-client refuses plain http; config.ts allows it only for an issuer on this machine
        // (the tests' local issuer), so a real issuer is always reached over TLS.
        ...(isLoopbackUrl(settings.issuer) && new URL(settings.issuer).protocol === "http:"
          ? { execute: [oidc.allowInsecureRequests] }
          : {}),
      })
      .then((found) => {
        found.timeout = REQUEST_TIMEOUT_SECONDS;
        return found;
      })
      .catch((error: unknown) => {
        // Not cached: the next sign-in tries the issuer again.
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    async begin(redirectUri) {
      const server = await configuration();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(server, {
        ...settings.authorizationParameters,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: settings.scopes.join(" "),
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      });
      return { url, redirectUri, state, nonce, codeVerifier };
    },

    async finish(callbackUrl, expected) {
      const server = await configuration();
      const tokens = await oidc.authorizationCodeGrant(server, callbackUrl, {
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        pkceCodeVerifier: expected.codeVerifier,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error("The token response carried no ID token");
      let claims: Record<string, unknown> = { ...idToken };
      if (settings.needsUserInfo?.(claims) && server.serverMetadata().userinfo_endpoint) {
        // The subject is checked against the ID token's; the ID token's own claims win.
        const userInfo = await oidc.fetchUserInfo(server, tokens.access_token, idToken.sub);
        claims = { ...userInfo, ...claims };
      }
      const text = (value: unknown) =>
        typeof value === "string" && value.trim() !== "" ? value.trim() : null;
      return {
        subject: idToken.sub,
        email: text(claims.email),
        // Google sends a boolean; some issuers send the string "true".
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        name: text(claims.name),
        claims,
      };
    },
  };
}
