// Sign in with Google against a real OpenID Connect issuer on loopback (tests/support/oidc-issuer):
// every route, each refusal, and that the session is the one a password sign-in gets.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  followToCallback,
  googleEnv,
  type IssuerAccount,
  type OidcIssuer,
  startOidcIssuer,
} from "../../../../tests/support/oidc-issuer";
import { createUser } from "../../../../tests/support/factories";
import { buildTestApp, type TestApp } from "../../../../tests/support/test-app";
import { googleSignInStates, sessions, users } from "../../db/schema";
import { hashToken } from "../sessions";
import { GOOGLE_STATE_COOKIE } from "./routes";

const PUBLIC_URL = "http://quartermaster.test";
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/google/callback`;

let issuer: OidcIssuer;
let t: TestApp;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  issuer.configure(REDIRECT_URI);
  t = await buildTestApp({
    ...googleEnv(issuer, PUBLIC_URL),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: "3",
    LOGIN_MAX_FAILURES_PER_ADDRESS: "100",
  });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

let subjects = 0;
const account = (claims: Partial<IssuerAccount> = {}): IssuerAccount => ({
  sub: `google-subject-${++subjects}`,
  email_verified: true,
  name: "Grace Google",
  ...claims,
});

const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

/** GET /api/auth/google: the redirect to the issuer and the state cookie. */
async function start(app: TestApp, query = "", cookie?: string) {
  const response = await app.request({ method: "GET", url: `/api/auth/google${query}`, cookie });
  const stateCookie = cookieOf(response, GOOGLE_STATE_COOKIE);
  return { response, location: response.headers.location as string, stateCookie };
}

/** The whole round trip as `who`; returns the callback's answer and what it was sent. */
async function signInWithGoogle(
  who: IssuerAccount | "deny",
  options: { app?: TestApp; query?: string; cookie?: string } = {},
) {
  const app = options.app ?? t;
  issuer.signInAs(who);
  const started = await start(app, options.query ?? "", options.cookie);
  expect(started.response.statusCode).toBe(302);
  const callback = await followToCallback(started.location, REDIRECT_URI);
  const callbackPath = `${callback.pathname}${callback.search}`;
  const stateCookie = `${GOOGLE_STATE_COOKIE}=${started.stateCookie!.value}`;
  const cookie = [stateCookie, options.cookie].filter(Boolean).join("; ");
  const response = await app.request({ method: "GET", url: callbackPath, cookie });
  return { response, callbackPath, stateCookie, started };
}

describe("GET /api/auth/google", () => {
  it("redirects to the issuer with state, nonce, PKCE (S256) and the configured callback", async () => {
    const { response, location, stateCookie } = await start(t);
    expect(response.statusCode).toBe(302);
    const url = new URL(location);
    expect(url.origin).toBe(issuer.url);
    const params = url.searchParams;
    expect(params.get("client_id")).toBe(issuer.clientId);
    expect(params.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(params.get("nonce")).toMatch(/^[\w-]{43}$/);
    expect(params.get("state")).toBe(stateCookie?.value);
    expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/google" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /api/auth/google/callback", () => {
  it("links an active user by verified e-mail the first time and signs them in", async () => {
    const user = await createUser(t.app.db, { email: "Linked.Person@Example.com" });
    const who = account({ email: "linked.person@example.com" });
    const { response } = await signInWithGoogle(who, { query: "?returnTo=%2Flicenses%3Fpage%3D2" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/login?google=success&returnTo=%2Flicenses%3Fpage%3D2");
    const session = cookieOf(response, "qm_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.googleId).toBe(who.sub);
    const status = await t.request({
      method: "GET",
      url: "/api/auth/status",
      cookie: `qm_session=${session!.value}`,
    });
    expect(status.json()).toMatchObject({ authenticated: true, user: { id: user.id } });
  });
});
