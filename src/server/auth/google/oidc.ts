// The OpenID Connect side of Google sign-in, through openid-client (v6): discovery once per process
// (retried after a failure), the authorization URL with state, nonce and PKCE, and the code
// exchange that verifies the ID token (signature, issuer, audience, expiry, nonce) and the state.
import * as oidc from "openid-client";
import { type GoogleConfig, isLoopbackUrl } from "../../config";

/** What the callback learns about the person from the verified ID token. */
export interface GoogleIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** The Google Workspace domain of the account (absent for consumer accounts). */
  hostedDomain: string | null;
  name: string | null;
}

export interface PendingAuthorization {
  url: URL;
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

const REQUEST_TIMEOUT_SECONDS = 10;

export interface GoogleOidc {
  begin(redirectUri: string): Promise<PendingAuthorization>;
  /** Verifies the authorization response against what begin() kept; throws on any mismatch. */
  finish(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<GoogleIdentity>;
}

export function createGoogleOidc(config: GoogleConfig): GoogleOidc {
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        timeout: REQUEST_TIMEOUT_SECONDS,
        // openid-client refuses plain http; config.ts allows it only for an issuer on this machine
        // (the tests' local issuer), so a real issuer is always reached over TLS.
        ...(isLoopbackUrl(config.issuer) && new URL(config.issuer).protocol === "http:"
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
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "openid email profile",
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      };
      // A hint for Google's account chooser only; the hd claim is checked on the way back.
      if (config.allowedDomain) parameters.hd = config.allowedDomain;
      const url = oidc.buildAuthorizationUrl(server, parameters);
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
      const claims = tokens.claims();
      if (!claims) throw new Error("The token response carried no ID token");
      const text = (value: unknown) =>
        typeof value === "string" && value.trim() !== "" ? value.trim() : null;
      return {
        subject: claims.sub,
        email: text(claims.email),
        // Google sends a boolean; some issuers send the string "true".
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        hostedDomain: text(claims.hd)?.toLowerCase() ?? null,
        name: text(claims.name),
      };
    },
  };
}
