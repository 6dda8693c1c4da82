// Sign in with Google against a real OpenID Connect issuer on loopback (tests/support/oidc-issuer):
// every route, each refusal, that the session is the one a password sign-in gets, and what the
// activity log keeps of it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityMark, activityOf, activitySince } from "../../../../tests/support/activity";
import { createUser } from "../../../../tests/support/factories";
import {
  followToCallback,
  googleEnv,
  type IssuerAccount,
  type OidcIssuer,
  startOidcIssuer,
} from "../../../../tests/support/oidc-issuer";
import { buildTestApp, type TestApp } from "../../../../tests/support/test-app";
import { googleSignInStates, sessions, users } from "../../db/schema";
import { hashToken } from "../sessions";
import { PENDING_SIGN_IN_COOKIE } from "../sign-in";
import { totpCode } from "../two-factor/totp";
import { GOOGLE_STATE_COOKIE } from "./routes";

const PUBLIC_URL = "http://quartermaster.test";
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/google/callback`;
// inject()'s default Host: the callback address of a server without PUBLIC_URL.
const REQUEST_REDIRECT_URI = "http://localhost/api/auth/google/callback";

let issuer: OidcIssuer;
let t: TestApp;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  issuer.configure(REDIRECT_URI, REQUEST_REDIRECT_URI);
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
  options: { app?: TestApp; query?: string; cookie?: string; redirectUri?: string } = {},
) {
  const app = options.app ?? t;
  issuer.signInAs(who);
  const started = await start(app, options.query ?? "", options.cookie);
  expect(started.response.statusCode).toBe(302);
  const callback = await followToCallback(started.location, options.redirectUri ?? REDIRECT_URI);
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
    expect(stateCookie).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/api/auth/google",
    });
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

describe("signing in with Google", () => {
  it("signs in by subject the second time, even after the e-mail changed", async () => {
    const user = await createUser(t.app.db, { email: "second.time@example.com" });
    const who = account({ email: "second.time@example.com" });
    expect((await signInWithGoogle(who)).response.headers.location).toBe("/login?google=success");
    await t.app.db.update(users).set({ email: "renamed@example.com" }).where(eq(users.id, user.id));

    const again = await signInWithGoogle({ ...who, email: "someone.else@example.com" });
    expect(again.response.headers.location).toBe("/login?google=success");
    const session = cookieOf(again.response, "qm_session")!;
    const [row] = await t.app.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.id, hashToken(session.value)));
    expect(row?.userId).toBe(user.id);
  });

  it("refuses an unknown e-mail without creating anyone", async () => {
    const before = await t.app.db.select({ id: users.id }).from(users);
    const { response } = await signInWithGoogle(account({ email: "nobody@example.com" }));
    expect(response.headers.location).toBe("/login?error=google_unknown");
    expect(cookieOf(response, "qm_session")).toBeUndefined();
    expect(await t.app.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it("never links by an address Google has not verified", async () => {
    const user = await createUser(t.app.db, { email: "unverified@example.com" });
    const { response } = await signInWithGoogle(
      account({ email: "unverified@example.com", email_verified: false }),
    );
    expect(response.headers.location).toBe("/login?error=google_unverified");
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.googleId).toBeNull();
  });

  it("refuses a deactivated user, linked or not", async () => {
    await createUser(t.app.db, { email: "gone@example.com", isActive: false });
    const { response } = await signInWithGoogle(account({ email: "gone@example.com" }));
    expect(response.headers.location).toBe("/login?error=google_deactivated");
    expect(cookieOf(response, "qm_session")).toBeUndefined();

    const linked = await createUser(t.app.db, { email: "later.gone@example.com" });
    const who = account({ email: "later.gone@example.com" });
    expect((await signInWithGoogle(who)).response.headers.location).toBe("/login?google=success");
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, linked.id));
    expect((await signInWithGoogle(who)).response.headers.location).toBe(
      "/login?error=google_deactivated",
    );
  });

  it("does not take over an account already linked to another Google account", async () => {
    const user = await createUser(t.app.db, { email: "taken@example.com" });
    const first = account({ email: "taken@example.com" });
    expect((await signInWithGoogle(first)).response.headers.location).toBe("/login?google=success");
    const intruder = account({ email: "taken@example.com" });
    const { response } = await signInWithGoogle(intruder);
    expect(response.headers.location).toBe("/login?error=google_conflict");
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.googleId).toBe(first.sub);
  });

  it("returns to /login with the reason when the person declines at Google", async () => {
    const { response } = await signInWithGoogle("deny");
    expect(response.headers.location).toBe("/login?error=google_denied");
    expect(cookieOf(response, "qm_session")).toBeUndefined();
  });

  it("replaces the browser's previous session with a new one", async () => {
    const { user, cookie: oldCookie } = await t.signedInUser({ email: "switcher@example.com" });
    const { response } = await signInWithGoogle(account({ email: "switcher@example.com" }), {
      cookie: oldCookie,
    });
    const fresh = cookieOf(response, "qm_session")!;
    expect(`qm_session=${fresh.value}`).not.toBe(oldCookie);
    const old = await t.request({ method: "GET", url: "/api/auth/status", cookie: oldCookie });
    expect(old.json()).toEqual({ authenticated: false, user: null });
    const now = await t.request({
      method: "GET",
      url: "/api/auth/status",
      cookie: `qm_session=${fresh.value}`,
    });
    expect(now.json()).toMatchObject({ authenticated: true, user: { id: user.id } });
  });

  it("drops a return path that is not a page of this app", async () => {
    await createUser(t.app.db, { email: "return.path@example.com" });
    const who = account({ email: "return.path@example.com" });
    for (const returnTo of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil",
      "/login",
      "/api/users",
    ]) {
      const query = `?returnTo=${encodeURIComponent(returnTo)}`;
      const { response } = await signInWithGoogle(who, { query });
      expect(response.headers.location, returnTo).toBe("/login?google=success");
    }
  });
});

describe("with a second factor", () => {
  it("asks for the code after Google, as after a password, and signs in only with it", async () => {
    const { user, cookie } = await t.signedInUser({ email: "two.factor@example.com" });
    const setup = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/setup",
      cookie,
      payload: {},
    });
    const { secret } = setup.json() as { secret: string };
    const confirm = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/confirm",
      cookie,
      payload: { code: totpCode(secret, Date.now()) },
    });
    expect(confirm.statusCode).toBe(200);

    const { response } = await signInWithGoogle(account({ email: "two.factor@example.com" }));
    expect(response.headers.location).toBe("/login?second-factor=required");
    expect(cookieOf(response, "qm_session")).toBeUndefined();
    const pending = cookieOf(response, PENDING_SIGN_IN_COOKIE)!;
    const pendingCookie = `${PENDING_SIGN_IN_COOKIE}=${pending.value}`;
    const status = await t.request({
      method: "GET",
      url: "/api/auth/status",
      cookie: pendingCookie,
    });
    expect(status.json()).toEqual({ authenticated: false, user: null });

    // The next step's code (the confirming one is spent; one step of drift is allowed).
    const verified = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/verify",
      cookie: pendingCookie,
      payload: { code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ success: true, user: { id: user.id } });
    expect(cookieOf(verified, "qm_session")?.value).toBeTruthy();
  });
});

describe("state checks", () => {
  it("refuses a replayed callback: the state works once", async () => {
    await createUser(t.app.db, { email: "replay@example.com" });
    const first = await signInWithGoogle(account({ email: "replay@example.com" }));
    expect(first.response.headers.location).toBe("/login?google=success");
    expect(cookieOf(first.response, GOOGLE_STATE_COOKIE)?.value).toBe("");

    const tokenRequests = issuer.tokenRequests;
    const replay = await t.request({
      method: "GET",
      url: first.callbackPath,
      cookie: first.stateCookie,
    });
    expect(replay.headers.location).toBe("/login?error=google_expired");
    expect(cookieOf(replay, "qm_session")).toBeUndefined();
    // Refused before the code went anywhere near the issuer.
    expect(issuer.tokenRequests).toBe(tokenRequests);
  });

  it("refuses a callback without state, without the state cookie, or with another browser's", async () => {
    issuer.signInAs(account({ email: "nobody@example.com" }));
    const started = await start(t);
    const callback = await followToCallback(started.location, REDIRECT_URI);
    const path = `${callback.pathname}${callback.search}`;
    const stateCookie = `${GOOGLE_STATE_COOKIE}=${started.stateCookie!.value}`;

    const withoutState = new URL(callback);
    withoutState.searchParams.delete("state");
    const attempts = [
      { url: `${withoutState.pathname}${withoutState.search}`, cookie: stateCookie },
      { url: path, cookie: undefined },
      { url: path, cookie: `${GOOGLE_STATE_COOKIE}=someone-elses-state` },
    ];
    for (const attempt of attempts) {
      const response = await t.request({ method: "GET", ...attempt });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/login?error=google_expired");
    }
    // None of them used the state up: the rightful browser can still finish.
    const rows = await t.app.db.select({ id: googleSignInStates.id }).from(googleSignInStates);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("refuses an expired state", async () => {
    issuer.signInAs(account({ email: "nobody@example.com" }));
    const started = await start(t);
    const callback = await followToCallback(started.location, REDIRECT_URI);
    await t.app.db.update(googleSignInStates).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await t.request({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      cookie: `${GOOGLE_STATE_COOKIE}=${started.stateCookie!.value}`,
    });
    expect(response.headers.location).toBe("/login?error=google_expired");
  });

  it("refuses a forged code", async () => {
    const started = await start(t);
    const state = started.stateCookie!.value;
    const response = await t.request({
      method: "GET",
      url: `/api/auth/google/callback?code=forged&state=${state}`,
      cookie: `${GOOGLE_STATE_COOKIE}=${state}`,
    });
    expect(response.headers.location).toBe("/login?error=google");
    expect(cookieOf(response, "qm_session")).toBeUndefined();
  });
});

describe("sign-in limits", () => {
  it("counts refused Google sign-ins like failed passwords and locks the account key", async () => {
    const who = account({ email: "locked.out@example.com" });
    // LOGIN_MAX_FAILURES_PER_ACCOUNT is 3 here: three refusals, then a lock.
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await signInWithGoogle(who)).response.headers.location).toBe(
        "/login?error=google_unknown",
      );
    }
    await createUser(t.app.db, { email: "locked.out@example.com" });
    const mark = await activityMark(t.app.db);
    expect((await signInWithGoogle(who)).response.headers.location).toBe(
      "/login?error=google_rate_limited",
    );
    // The refusals that started the lock are recorded; one while it lasts is not.
    expect(await activitySince(t.app.db, mark)).toEqual([]);
  });
});

describe("the activity log", () => {
  /** A refused Google sign-in as recorded: nobody signed in, the account it would have been. */
  const failure = (user: { id: number; username: string } | null, reason: string) => ({
    action: "sign_in_failed",
    area: "auth",
    itemId: user?.id ?? null,
    itemLabel: user?.username ?? null,
    userId: null,
    ipAddress: "127.0.0.1",
    changes: null,
    detail: { method: "google", reason },
  });

  it("records a refusal against the account it would have been, never an unknown address", async () => {
    let mark = await activityMark(t.app.db);
    const stranger = account({ email: "stranger.kept.out@example.com" });
    expect((await signInWithGoogle(stranger)).response.headers.location).toBe(
      "/login?error=google_unknown",
    );
    const unknown = await activitySince(t.app.db, mark);
    expect(unknown).toEqual([failure(null, "google_unknown")]);
    expect(JSON.stringify(unknown)).not.toContain("stranger.kept.out");

    const gone = await createUser(t.app.db, { email: "logged.gone@example.com", isActive: false });
    mark = await activityMark(t.app.db);
    await signInWithGoogle(account({ email: "logged.gone@example.com" }));
    expect(await activitySince(t.app.db, mark)).toEqual([failure(gone, "google_deactivated")]);

    const taken = await createUser(t.app.db, { email: "logged.taken@example.com" });
    await signInWithGoogle(account({ email: "logged.taken@example.com" }));
    mark = await activityMark(t.app.db);
    const intruder = await signInWithGoogle(account({ email: "logged.taken@example.com" }));
    expect(intruder.response.headers.location).toBe("/login?error=google_conflict");
    expect(await activitySince(t.app.db, mark)).toEqual([failure(taken, "google_conflict")]);
  });

  it("records the first sign-in's link as the person's own change, then the sign-in", async () => {
    const user = await createUser(t.app.db, { email: "logged.link@example.com" });
    const who = account({ email: "logged.link@example.com" });
    const mark = await activityMark(t.app.db);
    expect((await signInWithGoogle(who)).response.headers.location).toBe("/login?google=success");
    const own = { itemId: user.id, userId: user.id, ipAddress: "127.0.0.1" };
    const added = await activitySince(t.app.db, mark);
    expect(added).toEqual([
      {
        action: "update",
        area: "users",
        itemLabel: user.username,
        changes: { hasGoogle: { before: false, after: true } },
        detail: null,
        ...own,
      },
      {
        action: "sign_in",
        area: "auth",
        itemLabel: null,
        changes: null,
        detail: { method: "google" },
        ...own,
      },
    ]);
    expect(JSON.stringify(added)).not.toContain(who.sub);

    // Linked already: only the sign-in.
    const again = await activityMark(t.app.db);
    await signInWithGoogle(who);
    expect((await activitySince(t.app.db, again)).map((row) => row.action)).toEqual(["sign_in"]);
  });

  it("records nothing for a refusal before Google vouched for anyone", async () => {
    const mark = await activityMark(t.app.db);
    expect((await signInWithGoogle("deny")).response.headers.location).toBe(
      "/login?error=google_denied",
    );
    const replayed = await t.request({ method: "GET", url: "/api/auth/google/callback?state=x" });
    expect(replayed.headers.location).toBe("/login?error=google_expired");
    expect(await activitySince(t.app.db, mark)).toEqual([]);
  });
});

describe("GET /api/auth/google/status", () => {
  it("says whether Google sign-in is configured", async () => {
    const response = await t.request({ method: "GET", url: "/api/auth/google/status" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ configured: true });
  });
});

describe("a Workspace domain and automatic accounts", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp(
      googleEnv(issuer, PUBLIC_URL, {
        GOOGLE_ALLOWED_DOMAIN: "Example.com",
        GOOGLE_AUTO_CREATE: "true",
      }),
    );
  });
  afterAll(() => limited?.close());

  it("refuses an account of another domain, or of none, even with a matching e-mail", async () => {
    await createUser(limited.app.db, { email: "outsider@other.example" });
    for (const hd of ["other.example", undefined]) {
      const { response } = await signInWithGoogle(
        account({ email: "outsider@other.example", hd }),
        { app: limited },
      );
      expect(response.headers.location, String(hd)).toBe("/login?error=google_domain");
    }
  });

  it("creates an ordinary user for a verified address of the domain when auto-create is on", async () => {
    const who = account({ email: "new.hire@example.com", hd: "example.com", name: "New Hire" });
    const { response } = await signInWithGoogle(who, { app: limited });
    expect(response.headers.location).toBe("/login?google=success");
    const [created] = await limited.app.db.select().from(users).where(eq(users.googleId, who.sub));
    expect(created).toMatchObject({
      username: "new.hire",
      email: "new.hire@example.com",
      fullName: "New Hire",
      role: "user",
      passwordHash: null,
      isActive: true,
    });
    // Recorded as the new person's own creation, without the Google subject.
    const [record] = await activityOf(limited.app.db, { area: "users", itemId: created!.id });
    expect(record).toMatchObject({
      action: "create",
      userId: created!.id,
      itemLabel: "new.hire",
      changes: {
        username: { before: null, after: "new.hire" },
        email: { before: null, after: "new.hire@example.com" },
        role: { before: null, after: "user" },
        hasGoogle: { before: null, after: true },
      },
    });
    expect(record!.changes).not.toHaveProperty("googleId");
    expect(record!.changes).not.toHaveProperty("passwordHash");
    expect(JSON.stringify(record)).not.toContain(who.sub);
    // A second person with the same local part gets a numbered username.
    const namesake = account({ email: "new.hire@example.com", hd: "example.com" });
    await limited.app.db
      .update(users)
      .set({ email: "moved@example.com" })
      .where(eq(users.id, created!.id));
    await signInWithGoogle(namesake, { app: limited });
    const [second] = await limited.app.db
      .select()
      .from(users)
      .where(eq(users.googleId, namesake.sub));
    expect(second?.username).toBe("new.hire2");
  });

  it("sends Google the domain as a hint", async () => {
    const { location } = await start(limited);
    expect(new URL(location).searchParams.get("hd")).toBe("example.com");
  });
});

describe("without PUBLIC_URL", () => {
  let sameOrigin: TestApp;
  beforeAll(async () => {
    const { PUBLIC_URL: _unset, ...env } = googleEnv(issuer, PUBLIC_URL);
    sameOrigin = await buildTestApp(env);
  });
  afterAll(() => sameOrigin?.close());

  it("sends Google back to the address the sign-in started at, and verifies against it", async () => {
    await createUser(sameOrigin.app.db, { email: "same.origin@example.com" });
    const { response, started } = await signInWithGoogle(
      account({ email: "same.origin@example.com" }),
      { app: sameOrigin, redirectUri: REQUEST_REDIRECT_URI },
    );
    expect(new URL(started.location).searchParams.get("redirect_uri")).toBe(REQUEST_REDIRECT_URI);
    expect(response.headers.location).toBe("/login?google=success");
  });
});

describe("without Google configured", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp();
  });
  afterAll(() => plain?.close());

  it("reports it, and both routes send the browser back to /login with the reason", async () => {
    const status = await plain.request({ method: "GET", url: "/api/auth/google/status" });
    expect(status.json()).toEqual({ configured: false });
    for (const url of ["/api/auth/google", "/api/auth/google/callback?code=x&state=y"]) {
      const response = await plain.request({ method: "GET", url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe("/login?error=google_unconfigured");
    }
  });
});
