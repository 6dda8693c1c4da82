// Sign in through any OpenID Connect issuer (OIDC_*, decision 0059) against a real issuer on
// loopback (tests/support/oidc-issuer: panva's oidc-provider), beside Google's sign-in: the same
// linking rules and state checks at /api/auth/oidc, its own subject column, and the role rule of
// OIDC_ADMIN_GROUPS re-applied at every sign-in.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityMark, activityOf, activitySince } from "../../../../tests/support/activity";
import { createUser } from "../../../../tests/support/factories";
import {
  followToCallback,
  googleEnv,
  type IssuerAccount,
  type OidcIssuer,
  oidcEnv,
  startOidcIssuer,
} from "../../../../tests/support/oidc-issuer";
import { buildTestApp, type TestApp } from "../../../../tests/support/test-app";
import { googleSignInStates, sessions, users } from "../../db/schema";
import { GOOGLE_STATE_COOKIE } from "../google/routes";
import { hashToken } from "../sessions";
import { OIDC_STATE_COOKIE } from "./routes";

const PUBLIC_URL = "http://quartermaster.test";
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/oidc/callback`;
const GOOGLE_REDIRECT_URI = `${PUBLIC_URL}/api/auth/google/callback`;

let issuer: OidcIssuer;
let t: TestApp;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  issuer.configure(REDIRECT_URI, GOOGLE_REDIRECT_URI);
  // Google is configured too (against the same test issuer): the two sign-ins stay apart.
  t = await buildTestApp({
    ...googleEnv(issuer, PUBLIC_URL),
    ...oidcEnv(issuer, PUBLIC_URL, {
      OIDC_SCOPES: "openid email profile groups",
      OIDC_ADMIN_GROUPS: "qm-admins, it-ops",
    }),
  });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

let subjects = 0;
const account = (claims: Partial<IssuerAccount> = {}): IssuerAccount => ({
  sub: `oidc-subject-${++subjects}`,
  email_verified: true,
  name: "Olive Oidc",
  ...claims,
});

const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

async function start(app: TestApp, query = "") {
  const response = await app.request({ method: "GET", url: `/api/auth/oidc${query}` });
  const stateCookie = cookieOf(response, OIDC_STATE_COOKIE);
  return { response, location: response.headers.location as string, stateCookie };
}

/** As far as the issuer's redirect back: the callback's path and the browser's state cookie. */
async function toCallback(who: IssuerAccount | "deny", app: TestApp = t, query = "") {
  issuer.signInAs(who);
  const started = await start(app, query);
  expect(started.response.statusCode).toBe(302);
  const callback = await followToCallback(started.location, REDIRECT_URI);
  return {
    callback,
    callbackPath: `${callback.pathname}${callback.search}`,
    stateCookie: `${OIDC_STATE_COOKIE}=${started.stateCookie!.value}`,
    state: started.stateCookie!.value,
  };
}

async function signInWithOidc(who: IssuerAccount | "deny", app: TestApp = t, query = "") {
  const reached = await toCallback(who, app, query);
  const response = await app.request({
    method: "GET",
    url: reached.callbackPath,
    cookie: reached.stateCookie,
  });
  return { response, ...reached };
}

async function userOf(app: TestApp, id: number) {
  const [row] = await app.app.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function sessionUserOf(
  app: TestApp,
  response: { cookies: { name: string; value: string }[] },
) {
  const session = cookieOf(response, "qm_session");
  if (!session) return null;
  const [row] = await app.app.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.id, hashToken(session.value)));
  return row?.userId ?? null;
}

describe("GET /api/auth/oidc", () => {
  it("redirects to the issuer with the configured scopes, state, nonce and PKCE (S256)", async () => {
    const { response, location, stateCookie } = await start(t);
    expect(response.statusCode).toBe(302);
    const url = new URL(location);
    expect(url.origin).toBe(issuer.url);
    expect(url.searchParams.get("client_id")).toBe(issuer.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(url.searchParams.get("scope")).toBe("openid email profile groups");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("nonce")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")).toBe(stateCookie?.value);
    expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/oidc" });
  });
});

describe("GET /api/auth/oidc/status", () => {
  it("says it is configured, with the button's label", async () => {
    const response = await t.request({ method: "GET", url: "/api/auth/oidc/status" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ configured: true, label: "Sign in with SSO" });
  });
});

describe("signing in through the OIDC issuer", () => {
  it("links an active user by verified e-mail, then signs in by subject after the e-mail changed", async () => {
    const user = await createUser(t.app.db, { email: "Ada.Sso@Example.com" });
    const who = account({ email: "ada.sso@example.com" });
    const first = await signInWithOidc(who, t, "?returnTo=%2Fhardware");
    expect(first.response.statusCode).toBe(302);
    expect(first.response.headers.location).toBe("/login?oidc=success&returnTo=%2Fhardware");
    expect(await sessionUserOf(t, first.response)).toBe(user.id);
    // Its own column: the Google link is untouched.
    expect(await userOf(t, user.id)).toMatchObject({ oidcSubject: who.sub, googleId: null });
    const own = await t.request({
      method: "GET",
      url: `/api/users/${user.id}`,
      cookie: `qm_session=${cookieOf(first.response, "qm_session")!.value}`,
    });
    expect(own.json()).toMatchObject({ hasOidc: true, hasGoogle: false });

    await t.app.db
      .update(users)
      .set({ email: "renamed.sso@example.com" })
      .where(eq(users.id, user.id));
    const again = await signInWithOidc({ ...who, email: "someone.else@example.com" });
    expect(again.response.headers.location).toBe("/login?oidc=success");
    expect(await sessionUserOf(t, again.response)).toBe(user.id);
  });

  it("refuses an unknown e-mail without creating anyone, and records no address", async () => {
    const before = await t.app.db.select({ id: users.id }).from(users);
    const mark = await activityMark(t.app.db);
    const { response } = await signInWithOidc(account({ email: "nobody.sso@example.com" }));
    expect(response.headers.location).toBe("/login?error=oidc_unknown");
    expect(cookieOf(response, "qm_session")).toBeUndefined();
    expect(await t.app.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    const recorded = await activitySince(t.app.db, mark);
    expect(recorded).toMatchObject([
      {
        action: "sign_in_failed",
        itemId: null,
        detail: { method: "oidc", reason: "oidc_unknown" },
      },
    ]);
    expect(JSON.stringify(recorded)).not.toContain("nobody.sso");
  });

  it("never links by an address the issuer has not verified", async () => {
    const user = await createUser(t.app.db, { email: "unverified.sso@example.com" });
    const { response } = await signInWithOidc(
      account({ email: "unverified.sso@example.com", email_verified: false }),
    );
    expect(response.headers.location).toBe("/login?error=oidc_unverified");
    expect((await userOf(t, user.id)).oidcSubject).toBeNull();
  });

  it("refuses an inactive user, linked or not", async () => {
    await createUser(t.app.db, { email: "gone.sso@example.com", isActive: false });
    const unlinked = await signInWithOidc(account({ email: "gone.sso@example.com" }));
    expect(unlinked.response.headers.location).toBe("/login?error=oidc_deactivated");
    expect(cookieOf(unlinked.response, "qm_session")).toBeUndefined();

    const linked = await createUser(t.app.db, { email: "later.gone.sso@example.com" });
    const who = account({ email: "later.gone.sso@example.com" });
    expect((await signInWithOidc(who)).response.headers.location).toBe("/login?oidc=success");
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, linked.id));
    const refused = await signInWithOidc(who);
    expect(refused.response.headers.location).toBe("/login?error=oidc_deactivated");
    expect(cookieOf(refused.response, "qm_session")).toBeUndefined();
  });

  it("does not take over an account linked to another subject at the issuer", async () => {
    const user = await createUser(t.app.db, { email: "taken.sso@example.com" });
    const first = account({ email: "taken.sso@example.com" });
    expect((await signInWithOidc(first)).response.headers.location).toBe("/login?oidc=success");
    const { response } = await signInWithOidc(account({ email: "taken.sso@example.com" }));
    expect(response.headers.location).toBe("/login?error=oidc_conflict");
    expect((await userOf(t, user.id)).oidcSubject).toBe(first.sub);
  });

  it("returns to /login with the reason when the person declines at the issuer", async () => {
    const { response } = await signInWithOidc("deny");
    expect(response.headers.location).toBe("/login?error=oidc_denied");
  });
});

describe("state and nonce checks", () => {
  it("refuses a replayed callback before the code reaches the issuer", async () => {
    await createUser(t.app.db, { email: "replay.sso@example.com" });
    const first = await signInWithOidc(account({ email: "replay.sso@example.com" }));
    expect(first.response.headers.location).toBe("/login?oidc=success");
    expect(cookieOf(first.response, OIDC_STATE_COOKIE)?.value).toBe("");
    const tokenRequests = issuer.tokenRequests;
    const replay = await t.request({
      method: "GET",
      url: first.callbackPath,
      cookie: first.stateCookie,
    });
    expect(replay.headers.location).toBe("/login?error=oidc_expired");
    expect(cookieOf(replay, "qm_session")).toBeUndefined();
    expect(issuer.tokenRequests).toBe(tokenRequests);
  });

  it("refuses a tampered state, in the address or in the cookie, without spending the real one", async () => {
    await createUser(t.app.db, { email: "tampered.sso@example.com" });
    const reached = await toCallback(account({ email: "tampered.sso@example.com" }));
    const tampered = new URL(reached.callback);
    tampered.searchParams.set("state", `${reached.state.slice(0, -1)}x`);
    const attempts = [
      { url: `${tampered.pathname}${tampered.search}`, cookie: reached.stateCookie },
      { url: reached.callbackPath, cookie: `${OIDC_STATE_COOKIE}=${reached.state}x` },
      { url: reached.callbackPath, cookie: undefined },
    ];
    for (const attempt of attempts) {
      const response = await t.request({ method: "GET", ...attempt });
      expect(response.headers.location).toBe("/login?error=oidc_expired");
      expect(cookieOf(response, "qm_session")).toBeUndefined();
    }
    const rightful = await t.request({
      method: "GET",
      url: reached.callbackPath,
      cookie: reached.stateCookie,
    });
    expect(rightful.headers.location).toBe("/login?oidc=success");
  });

  it("does not accept a Google sign-in's state at the OIDC callback", async () => {
    issuer.signInAs(account({ email: "crossed@example.com" }));
    const google = await t.request({ method: "GET", url: "/api/auth/google" });
    const state = cookieOf(google, GOOGLE_STATE_COOKIE)!.value;
    const callback = await followToCallback(google.headers.location as string, GOOGLE_REDIRECT_URI);
    const response = await t.request({
      method: "GET",
      url: `/api/auth/oidc/callback${callback.search}`,
      cookie: `${OIDC_STATE_COOKIE}=${state}`,
    });
    expect(response.headers.location).toBe("/login?error=oidc_expired");
    // Still Google's to finish.
    const [row] = await t.app.db
      .select({ provider: googleSignInStates.provider })
      .from(googleSignInStates)
      .where(eq(googleSignInStates.provider, "google"));
    expect(row?.provider).toBe("google");
  });

  it("refuses an ID token whose nonce is not the one this sign-in sent", async () => {
    const user = await createUser(t.app.db, { email: "nonce.sso@example.com" });
    const reached = await toCallback(account({ email: "nonce.sso@example.com" }));
    // The kept nonce no longer matches the one the issuer signed into the ID token.
    await t.app.db
      .update(googleSignInStates)
      .set({ nonce: "a-different-nonce-than-the-one-sent-to-the-issuer" })
      .where(eq(googleSignInStates.provider, "oidc"));
    const response = await t.request({
      method: "GET",
      url: reached.callbackPath,
      cookie: reached.stateCookie,
    });
    expect(response.headers.location).toBe("/login?error=oidc");
    expect(cookieOf(response, "qm_session")).toBeUndefined();
    expect((await userOf(t, user.id)).oidcSubject).toBeNull();
  });
});

describe("the administrators' groups", () => {
  it("signs a member in as administrator, and as user once removed from the group", async () => {
    const user = await createUser(t.app.db, { email: "grouped.sso@example.com", role: "user" });
    // Another active administrator, so the demotion below is not the last one's.
    await createUser(t.app.db, { role: "admin" });
    const who = account({ email: "grouped.sso@example.com", groups: ["staff", "qm-admins"] });
    const mark = await activityMark(t.app.db);
    const promoted = await signInWithOidc(who);
    expect(promoted.response.headers.location).toBe("/login?oidc=success");
    expect((await userOf(t, user.id)).role).toBe("admin");
    const cookie = `qm_session=${cookieOf(promoted.response, "qm_session")!.value}`;
    const status = await t.request({ method: "GET", url: "/api/auth/status", cookie });
    expect(status.json()).toMatchObject({ user: { id: user.id, isAdmin: true } });
    const roleRecords = (await activitySince(t.app.db, mark)).filter(
      (row) => row.area === "users" && JSON.stringify(row.changes ?? {}).includes('"role"'),
    );
    expect(roleRecords).toMatchObject([
      { userId: user.id, itemId: user.id, changes: { role: { before: "user", after: "admin" } } },
    ]);

    // Still a member: nothing changes, and nothing is recorded.
    const steady = await activityMark(t.app.db);
    await signInWithOidc(who);
    expect((await activitySince(t.app.db, steady)).map((row) => row.action)).toEqual(["sign_in"]);

    const demoted = await signInWithOidc({ ...who, groups: ["staff"] });
    expect(demoted.response.headers.location).toBe("/login?oidc=success");
    expect((await userOf(t, user.id)).role).toBe("user");
    // The administrator's session of before is not one any more either.
    const before = await t.request({ method: "GET", url: "/api/auth/status", cookie });
    expect(before.json()).toMatchObject({ user: { id: user.id, isAdmin: false } });
  });

  it("makes an administrator who is in no admin group (or sends no groups) a user", async () => {
    const admin = await createUser(t.app.db, {
      email: "local.admin.sso@example.com",
      role: "admin",
    });
    await createUser(t.app.db, { role: "admin" });
    const { response } = await signInWithOidc(account({ email: "local.admin.sso@example.com" }));
    expect(response.headers.location).toBe("/login?oidc=success");
    expect((await userOf(t, admin.id)).role).toBe("user");
  });

  it("never leaves the application without an active administrator", async () => {
    const lone = await buildTestApp(
      oidcEnv(issuer, PUBLIC_URL, { OIDC_ADMIN_GROUPS: "qm-admins" }),
    );
    try {
      const admins = await lone.app.db.select().from(users).where(eq(users.role, "admin"));
      for (const other of admins) {
        await lone.app.db.update(users).set({ isActive: false }).where(eq(users.id, other.id));
      }
      const only = await createUser(lone.app.db, {
        email: "only.admin@example.com",
        role: "admin",
      });
      const { response } = await signInWithOidc(account({ email: "only.admin@example.com" }), lone);
      expect(response.headers.location).toBe("/login?oidc=success");
      expect((await userOf(lone, only.id)).role).toBe("admin");
    } finally {
      await lone.close();
    }
  });
});

describe("automatic accounts and another groups claim", () => {
  let creating: TestApp;
  beforeAll(async () => {
    creating = await buildTestApp(
      oidcEnv(issuer, PUBLIC_URL, {
        OIDC_AUTO_CREATE: "true",
        OIDC_SCOPES: "openid email profile groups",
        OIDC_ADMIN_GROUPS: "/quartermaster/admins",
        OIDC_GROUPS_CLAIM: "roles",
        OIDC_BUTTON_LABEL: "Sign in with Keycloak",
      }),
    );
  });
  afterAll(() => creating?.close());

  it("creates a user for a verified unknown address, an administrator by the named claim", async () => {
    const plain = account({
      email: "new.sso@example.com",
      name: "New Sso",
      groups: ["/quartermaster/admins"],
    });
    expect((await signInWithOidc(plain, creating)).response.headers.location).toBe(
      "/login?oidc=success",
    );
    const [created] = await creating.app.db
      .select()
      .from(users)
      .where(eq(users.oidcSubject, plain.sub));
    // groups named the admin group, but OIDC_GROUPS_CLAIM says roles: an ordinary user.
    expect(created).toMatchObject({
      username: "new.sso",
      email: "new.sso@example.com",
      fullName: "New Sso",
      role: "user",
      passwordHash: null,
      googleId: null,
    });
    const [record] = await activityOf(creating.app.db, { area: "users", itemId: created!.id });
    expect(record).toMatchObject({
      action: "create",
      userId: created!.id,
      changes: { role: { before: null, after: "user" }, hasOidc: { before: null, after: true } },
    });
    expect(JSON.stringify(record)).not.toContain(plain.sub);

    const boss = account({ email: "boss.sso@example.com", roles: ["/quartermaster/admins"] });
    await signInWithOidc(boss, creating);
    const [admin] = await creating.app.db
      .select()
      .from(users)
      .where(eq(users.oidcSubject, boss.sub));
    expect(admin?.role).toBe("admin");
  });

  it("says the configured label", async () => {
    const response = await creating.request({ method: "GET", url: "/api/auth/oidc/status" });
    expect(response.json()).toEqual({ configured: true, label: "Sign in with Keycloak" });
  });
});

describe("an issuer that releases e-mail and groups only at userinfo", () => {
  let strict: OidcIssuer;
  let app: TestApp;
  beforeAll(async () => {
    strict = await startOidcIssuer({ claimsInIdToken: false });
    strict.configure(REDIRECT_URI);
    app = await buildTestApp(
      oidcEnv(strict, PUBLIC_URL, {
        OIDC_SCOPES: "openid email profile groups",
        OIDC_ADMIN_GROUPS: "qm-admins",
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await strict?.close();
  });

  it("reads them from userinfo: links by the verified e-mail and applies the groups", async () => {
    const user = await createUser(app.app.db, { email: "userinfo.sso@example.com" });
    await createUser(app.app.db, { role: "admin" });
    strict.signInAs(account({ email: "userinfo.sso@example.com", groups: ["qm-admins"] }));
    const started = await start(app);
    const callback = await followToCallback(started.location, REDIRECT_URI);
    const before = strict.userInfoRequests;
    const response = await app.request({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      cookie: `${OIDC_STATE_COOKIE}=${started.stateCookie!.value}`,
    });
    expect(response.headers.location).toBe("/login?oidc=success");
    expect(strict.userInfoRequests).toBe(before + 1);
    expect(await userOf(app, user.id)).toMatchObject({ role: "admin" });
    expect((await userOf(app, user.id)).oidcSubject).toMatch(/^oidc-subject-/);
  });
});

describe("without OIDC configured", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp();
  });
  afterAll(() => plain?.close());

  it("reports it, and both routes send the browser back to /login with the reason", async () => {
    const status = await plain.request({ method: "GET", url: "/api/auth/oidc/status" });
    expect(status.json()).toEqual({ configured: false, label: null });
    for (const url of ["/api/auth/oidc", "/api/auth/oidc/callback?code=x&state=y"]) {
      const response = await plain.request({ method: "GET", url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe("/login?error=oidc_unconfigured");
    }
  });
});
