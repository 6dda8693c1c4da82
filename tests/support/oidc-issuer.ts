// A real OpenID Connect issuer for the Google and OIDC sign-in tests: panva's oidc-provider on
// loopback (port 0), with one confidential test client and accounts carrying Google's claims (email,
// email_verified, hd, name) and, for the scope "groups", the groups claims identity providers send
// (groups, roles). Its login and consent steps are automatic, so no issuer page is ever
// rendered: the test says who signs in next (or that the person declines), and the issuer's
// interaction endpoint finishes the step at once with a redirect. Everything else (discovery,
// authorization, PKCE, the token endpoint, signed ID tokens) is the provider's own.
import { generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface IssuerAccount {
  /** The stable subject (Google's "sub"). */
  sub: string;
  email?: string;
  email_verified?: boolean;
  /** Google Workspace domain; absent for consumer accounts. */
  hd?: string;
  name?: string;
  /** Released with the scope "groups" (as Keycloak, Authentik and Okta can be set up to). */
  groups?: string[];
  roles?: string[];
}

export interface OidcIssuer {
  /** The issuer URL (GOOGLE_ISSUER): http://127.0.0.1:<port>. */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Registers the client's callbacks and starts answering (call before the first sign-in). */
  configure(...redirectUris: string[]): void;
  /** Who signs in at the next login step, or "deny" for a person who declines. */
  signInAs(account: IssuerAccount | "deny"): void;
  /** How many authorization codes the token endpoint has redeemed. */
  readonly tokenRequests: number;
  /** How many userinfo requests the issuer has answered. */
  readonly userInfoRequests: number;
  close(): Promise<void>;
}

export const TEST_CLIENT_ID = "quartermaster-test";
export const TEST_CLIENT_SECRET = "a-test-client-secret-of-some-length";

export async function startOidcIssuer(
  options: {
    /**
     * false: the ID token carries only the subject, and the scopes' claims (e-mail, groups) come
     * from the userinfo endpoint, as the specification has it for the code flow (OIDC Core 5.4).
     */
    claimsInIdToken?: boolean;
  } = {},
): Promise<OidcIssuer> {
  let handler: http.RequestListener | undefined;
  let tokenRequests = 0;
  let userInfoRequests = 0;
  const server = http.createServer((request, response) => {
    if (request.method === "POST" && request.url?.startsWith("/token")) tokenRequests++;
    if (request.url?.startsWith("/me")) userInfoRequests++;
    if (handler) return handler(request, response);
    response.statusCode = 503;
    response.end("issuer not configured yet");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const accounts = new Map<string, IssuerAccount>();
  let next: IssuerAccount | "deny" | undefined;

  function configure(...redirectUris: string[]) {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const provider = new Provider(url, {
      clients: [
        {
          client_id: TEST_CLIENT_ID,
          client_secret: TEST_CLIENT_SECRET,
          redirect_uris: redirectUris,
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "client_secret_post",
        },
      ],
      jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), alg: "RS256", use: "sig" }] },
      cookies: { keys: ["oidc-issuer-test-cookie-key"] },
      // Google puts the profile claims in the ID token itself; so does this issuer, unless told.
      conformIdTokenClaims: options.claimsInIdToken === false,
      claims: {
        openid: ["sub"],
        email: ["email", "email_verified"],
        profile: ["name", "hd"],
        groups: ["groups", "roles"],
      },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      // Short lives, named so the provider does not print a notice per default.
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      async findAccount(_ctx, sub) {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ ...account }) };
      },
      // Consent is given automatically, as Google does for a client the person already approved.
      async loadExistingGrant(ctx) {
        const accountId = ctx.oidc.session?.accountId;
        const clientId = ctx.oidc.client?.clientId;
        if (!accountId || !clientId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
        grant.addOIDCScope("openid email profile groups");
        await grant.save();
        return grant;
      },
    });
    provider.proxy = false;
    // The login step: finish it at once as the chosen account, or as a refusal.
    provider.use(async (ctx, nextMiddleware) => {
      if (!ctx.path.startsWith("/interaction/")) return nextMiddleware();
      const chosen = next;
      const result =
        chosen === undefined || chosen === "deny"
          ? { error: "access_denied", error_description: "The person declined" }
          : { login: { accountId: chosen.sub } };
      if (chosen && chosen !== "deny") accounts.set(chosen.sub, chosen);
      const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, {
        mergeWithLastSubmission: false,
      });
      ctx.status = 303;
      ctx.redirect(returnTo);
    });
    handler = provider.callback();
  }

  return {
    url,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    configure,
    signInAs(account) {
      next = account;
    },
    get tokenRequests() {
      return tokenRequests;
    },
    get userInfoRequests() {
      return userInfoRequests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The environment that points the application at this issuer. */
export function googleEnv(
  issuer: OidcIssuer,
  publicUrl: string,
  extra: Record<string, string> = {},
) {
  return {
    GOOGLE_CLIENT_ID: issuer.clientId,
    GOOGLE_CLIENT_SECRET: issuer.clientSecret,
    GOOGLE_ISSUER: issuer.url,
    PUBLIC_URL: publicUrl,
    ...extra,
  };
}

/** The environment that points the application's OIDC sign-in (OIDC_*) at this issuer. */
export function oidcEnv(
  issuer: OidcIssuer,
  publicUrl: string | null,
  extra: Record<string, string> = {},
) {
  return {
    OIDC_ISSUER: issuer.url,
    OIDC_CLIENT_ID: issuer.clientId,
    OIDC_CLIENT_SECRET: issuer.clientSecret,
    ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
    ...extra,
  };
}

/**
 * For API tests, which have no browser: follows the redirects from the authorization URL through
 * the issuer (keeping its cookies, as a browser would) until they reach the client's callback, and
 * returns that callback URL (with code and state, or with an error).
 */
export async function followToCallback(authorizationUrl: string, redirectUri: string) {
  const jar = new Map<string, string>();
  const callback = new URL(redirectUri).href;
  let current = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (current.startsWith(callback)) return new URL(current);
    const response = await fetch(current, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      jar.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
    const location = response.headers.get("location");
    if (!location) {
      throw new Error(`The issuer answered ${response.status} without a redirect at ${current}`);
    }
    current = new URL(location, current).href;
  }
  throw new Error("Too many redirects before the callback");
}
