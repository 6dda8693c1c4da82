// Personal API tokens: created by an administrator and shown once, stored only hashed, accepted
// only as `Authorization: Bearer` (from a script over real HTTP, with no cookie and no CSRF header),
// acting as the owner with the owner's role as it is now, refused once revoked or expired or when
// the owner is deactivated or deleted, and never able to mint more tokens.
import { createHash } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { CreatedApiTokenResponse } from "../../domain/schemas/api-tokens";
import {
  activityLog,
  apiTokens,
  licenseViewLogs,
  sessions,
  users,
  userTwoFactor,
} from "../db/schema";
import { createApiToken } from "./service";

let t: TestApp;
let baseUrl: string;
let adminCookie: string;
let admin: { id: number; username: string };

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  baseUrl = `http://127.0.0.1:${address.port}`;
  ({ cookie: adminCookie, user: admin } = await t.signedInUser({ role: "admin" }));
});
afterAll(() => t.close());

async function createToken(cookie = adminCookie, name = "Nightly export") {
  const response = await t.request({
    method: "POST",
    url: "/api/tokens",
    payload: { name, expiresInDays: 30 },
    cookie,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CreatedApiTokenResponse;
}

/** A script: plain fetch, no cookie, no X-Requested-With, no Origin. */
const script = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
  });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("creating and listing tokens", () => {
  it("shows the token once, stores only its SHA-256 and lists it without it", async () => {
    const created = await createToken();
    expect(created.token).toMatch(/^qmt_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: "Nightly export", userId: admin.id, lastUsedAt: null });
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(createHash("sha256").update(created.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));

    const list = await t.request({ method: "GET", url: "/api/tokens", cookie: adminCookie });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token.slice(4));
    expect(list.body).not.toContain(row!.tokenHash);
    const listed = list.json().find((token: { id: number }) => token.id === created.id);
    expect(Object.keys(listed).sort()).toEqual(
      ["createdAt", "expiresAt", "id", "lastUsedAt", "name", "userId", "username"].sort(),
    );
    expect(listed.username).toBe(admin.username);
  });

  it("refuses bad input with 400 and creates nothing", async () => {
    const before = await t.app.db.select({ n: count() }).from(apiTokens);
    for (const payload of [
      { name: "", expiresInDays: 30 },
      { name: "   ", expiresInDays: 30 },
      { name: "x".repeat(101), expiresInDays: 30 },
      { name: "No expiry" },
      { name: "Odd expiry", expiresInDays: 5 },
      { name: "Forever", expiresInDays: 36500 },
      { name: "Extra", expiresInDays: 30, userId: 1 },
    ]) {
      const response = await t.request({
        method: "POST",
        url: "/api/tokens",
        payload,
        cookie: adminCookie,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
    }
    const after = await t.app.db.select({ n: count() }).from(apiTokens);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("is for administrators only", async () => {
    const { cookie } = await t.signedInUser();
    const post = await t.request({
      method: "POST",
      url: "/api/tokens",
      payload: { name: "Mine", expiresInDays: 7 },
      cookie,
    });
    expect(post.statusCode).toBe(403);
    const list = await t.request({ method: "GET", url: "/api/tokens", cookie });
    expect(list.statusCode).toBe(403);
    const created = await createToken();
    const revoke = await t.request({
      method: "DELETE",
      url: `/api/tokens/${created.id}`,
      cookie,
    });
    expect(revoke.statusCode).toBe(403);
    expect((await script(created.token, "/api/tokens")).status).toBe(200);
  });
});

describe("using a token from a script", () => {
  it("reads and writes as its owner over HTTP, with no cookie and no CSRF header", async () => {
    const { token, id } = await createToken();
    const sessionsBefore = await t.app.db.select({ n: count() }).from(sessions);
    const list = await script(token, "/api/licenses");
    expect(list.status).toBe(200);
    expect(list.headers.get("set-cookie")).toBeNull();
    const created = await script(token, "/api/licenses", {
      method: "POST",
      body: JSON.stringify({ name: "Scripted", licenseKey: "SCRIPT-KEY-1", totalSeats: 2 }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    // No session row for a token request; the use is recorded on the token.
    const sessionsAfter = await t.app.db.select({ n: count() }).from(sessions);
    expect(sessionsAfter[0]!.n).toBe(sessionsBefore[0]!.n);
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.lastUsedAt).not.toBeNull();
    // A change made with the token is logged as its owner's, through a token.
    const other = await createToken(adminCookie, "Revoked by a script");
    const revoke = await script(token, `/api/tokens/${other.id}`, { method: "DELETE" });
    expect(revoke.status).toBe(204);
    const [logged] = await t.app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "token_revoke"), eq(activityLog.itemId, other.id)));
    expect(logged).toMatchObject({ userId: admin.id, via: "token" });
  });

  it("logs a key revealed through a token, with the token as the session", async () => {
    const { token, id } = await createToken();
    const license = await createLicenseViaApi(t, adminCookie);
    const response = await script(token, `/api/licenses/${license.id}/reveal`, { method: "POST" });
    expect(response.status).toBe(200);
    expect((await response.json()).licenseKey).toBe(license.clearKey);
    const logs = await t.app.db
      .select()
      .from(licenseViewLogs)
      .where(eq(licenseViewLogs.licenseId, license.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ userId: admin.id, sessionId: `api-token:${id}` });
  });

  it("is accepted only from the Authorization header: not as the session cookie", async () => {
    const { token } = await createToken();
    const response = await t.request({
      method: "GET",
      url: "/api/licenses",
      cookie: `qm_session=${token}`,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("UNAUTHORIZED");
    const query = await t.request({ method: "GET", url: `/api/licenses?access_token=${token}` });
    expect(query.statusCode).toBe(401);
  });

  it("keeps the cross-site check when a cookie comes with the token", async () => {
    const { token } = await createToken();
    const withCookie = await t.app.inject({
      method: "POST",
      url: "/api/licenses",
      headers: { ...bearer(token), cookie: adminCookie, origin: "https://evil.example" },
      payload: { name: "Cross-site", licenseKey: "X-1", totalSeats: 1 },
    });
    expect(withCookie.statusCode).toBe(403);
    expect(withCookie.json().code).toBe("FORBIDDEN");
    const alone = await t.app.inject({
      method: "POST",
      url: "/api/licenses",
      headers: { ...bearer(token), origin: "https://evil.example" },
      payload: { name: "From a script", licenseKey: "X-2", totalSeats: 1 },
    });
    expect(alone.statusCode).toBe(201);
  });

  it("cannot create tokens or change how its owner signs in", async () => {
    const { token } = await createToken();
    const mint = await script(token, "/api/tokens", {
      method: "POST",
      body: JSON.stringify({ name: "Copy", expiresInDays: 365 }),
    });
    expect(mint.status).toBe(403);
    expect((await mint.json()).code).toBe("SESSION_REQUIRED");
    const password = await script(token, "/api/auth/password", {
      method: "POST",
      body: JSON.stringify({ currentPassword: "password123", newPassword: "another-password-1" }),
    });
    expect(password.status).toBe(403);
    expect((await password.json()).code).toBe("SESSION_REQUIRED");
    // A feed address would outlive the token's revocation.
    const feed = await script(token, "/api/calendar-feed", {
      method: "POST",
      body: JSON.stringify({}),
    });
    expect(feed.status).toBe(403);
    expect((await feed.json()).code).toBe("SESSION_REQUIRED");
  });
});

describe("a token cannot take over an account", () => {
  const refusedForSession = async (response: Response) => {
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("SESSION_REQUIRED");
  };
  const rowOf = async (id: number) =>
    (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;
  const patchUser = (token: string, id: number, body: object) =>
    script(token, `/api/users/${id}`, { method: "PATCH", body: JSON.stringify(body) });

  it("sets no password and no e-mail address, its owner's or another administrator's", async () => {
    const { token } = await createToken();
    const other = await t.signedInUser({ role: "admin" });
    for (const id of [admin.id, other.user.id]) {
      const before = await rowOf(id);
      await refusedForSession(await patchUser(token, id, { password: "taken-over-1" }));
      await refusedForSession(await patchUser(token, id, { email: "attacker@example.com" }));
      await refusedForSession(
        await patchUser(token, id, { fullName: "Renamed", email: null, password: "x-123456" }),
      );
      expect(await rowOf(id)).toEqual(before);
    }
    // The other administrator still signs in with the old password, the session still there.
    const status = await t.request({
      method: "GET",
      url: "/api/auth/status",
      cookie: other.cookie,
    });
    expect(status.json().authenticated).toBe(true);
  });

  it("promotes nobody to administrator and reactivates no account", async () => {
    const { token } = await createToken();
    const { user } = await t.signedInUser();
    const before = await rowOf(user.id);
    await refusedForSession(await patchUser(token, user.id, { role: "admin" }));
    await refusedForSession(await patchUser(token, user.id, { fullName: "X", isActive: true }));
    expect(await rowOf(user.id)).toEqual(before);

    const { user: departed } = await t.signedInUser({ role: "admin" });
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, departed.id));
    await refusedForSession(await patchUser(token, departed.id, { isActive: true }));
    expect((await rowOf(departed.id)).isActive).toBe(false);
  });

  it("still does the ordinary work on users: names, demotion, deactivation, a blank password that keeps it", async () => {
    const { token } = await createToken();
    const { user } = await t.signedInUser({ role: "admin" });
    const renamed = await patchUser(token, user.id, {
      fullName: "Scripted Name",
      department: "Logistics",
      role: "user",
      isActive: false,
      password: "",
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect(await renamed.json()).toMatchObject({
      fullName: "Scripted Name",
      role: "user",
      isActive: false,
    });
  });

  it("does not reset a second factor", async () => {
    const { token } = await createToken();
    const { user } = await t.signedInUser();
    await t.app.db
      .insert(userTwoFactor)
      .values({ userId: user.id, secretCiphertext: "sealed", enabledAt: new Date() });
    const reset = await script(token, `/api/users/${user.id}/two-factor`, { method: "DELETE" });
    await refusedForSession(reset);
    const left = await t.app.db
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, user.id));
    expect(left).toHaveLength(1);
    // Its status may still be read.
    expect((await script(token, `/api/users/${user.id}/two-factor`)).status).toBe(200);
  });

  it("registers and removes no passkeys", async () => {
    const { token } = await createToken();
    const options = await script(token, "/api/auth/webauthn/register/options", {
      method: "POST",
      body: JSON.stringify({}),
    });
    await refusedForSession(options);
    await refusedForSession(
      await script(token, "/api/auth/webauthn/credentials/1", { method: "DELETE" }),
    );
  });

  it("creates no account: neither with a password nor by importing users", async () => {
    const { token } = await createToken();
    const before = await t.app.db.select({ n: count() }).from(users);
    const created = await script(token, "/api/users", {
      method: "POST",
      body: JSON.stringify({ username: "backdoor", password: "known-password", role: "admin" }),
    });
    await refusedForSession(created);
    const file = "Username,Email,Role\r\nbackdoor2,attacker@example.com,admin\r\n";
    const imported = await script(token, "/api/imports/users", {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: file,
    });
    await refusedForSession(imported);
    const after = await t.app.db.select({ n: count() }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
    // Other areas' imports are ordinary work, and a users file may be checked.
    const usersPreview = await script(token, "/api/imports/users/preview", {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: file,
    });
    expect(usersPreview.status).toBe(200);
    const licensesImport = await script(token, "/api/imports/licenses", {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: "Name,License Key,Total Seats\r\nScripted import,IMPORT-BY-TOKEN-1,2\r\n",
    });
    expect(licensesImport.status, await licensesImport.clone().text()).toBe(200);
  });
});

describe("refused tokens", () => {
  const refused = async (token: string) => {
    const response = await script(token, "/api/licenses");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain("Bearer");
    expect((await response.json()).code).toBe("INVALID_API_TOKEN");
  };

  it("refuses a revoked token from the next request, and logs the revocation", async () => {
    const { token, id } = await createToken(adminCookie, "To revoke");
    expect((await script(token, "/api/licenses")).status).toBe(200);
    const revoke = await t.request({
      method: "DELETE",
      url: `/api/tokens/${id}`,
      cookie: adminCookie,
    });
    expect(revoke.statusCode).toBe(204);
    await refused(token);
    const again = await t.request({
      method: "DELETE",
      url: `/api/tokens/${id}`,
      cookie: adminCookie,
    });
    expect(again.statusCode).toBe(404);
    const logged = await t.app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.area, "api_tokens"), eq(activityLog.itemId, id)));
    expect(logged.map((row) => row.action).sort()).toEqual(["token_create", "token_revoke"]);
    expect(logged.every((row) => row.userId === admin.id && row.itemLabel === "To revoke")).toBe(
      true,
    );
    expect(JSON.stringify(logged)).not.toContain(token.slice(4));
  });

  it("refuses an expired token", async () => {
    const { token, id } = await createToken();
    await t.app.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, id));
    await refused(token);
  });

  it("refuses unknown and malformed tokens, on public routes too", async () => {
    await refused(`qmt_${"A".repeat(43)}`);
    await refused("not-a-token");
    const health = await script("qmt_nope", "/api/health");
    expect(health.status).toBe(401);
    const empty = await fetch(`${baseUrl}/api/licenses`, { headers: { authorization: "Bearer" } });
    expect(empty.status).toBe(401);
  });

  it("follows the owner's role as it is now: demoted, the token loses the admin routes", async () => {
    const owner = await t.signedInUser({ role: "admin" });
    const { token } = await createToken(owner.cookie);
    expect((await script(token, "/api/tokens")).status).toBe(200);
    const demote = await t.request({
      method: "PATCH",
      url: `/api/users/${owner.user.id}`,
      payload: { role: "user" },
      cookie: adminCookie,
    });
    expect(demote.statusCode, demote.body).toBe(200);
    const adminRoute = await script(token, "/api/tokens");
    expect(adminRoute.status).toBe(403);
    expect((await adminRoute.json()).code).toBe("FORBIDDEN");
    expect((await script(token, "/api/licenses")).status).toBe(200);
  });

  it("gives an ordinary user's token no administrator route", async () => {
    const { user } = await t.signedInUser();
    const created = await createApiToken(
      t.app.db,
      user,
      { name: "Ordinary", expiresInDays: 7 },
      { userId: admin.id, ipAddress: null, userAgent: null, via: "session" },
    );
    for (const path of ["/api/tokens", "/api/users", "/api/expenses/summary"]) {
      const response = await script(created.token, path);
      expect(response.status, path).toBe(403);
    }
    expect((await script(created.token, `/api/users/${user.id}`)).status).toBe(200);
    expect((await script(created.token, `/api/users/${admin.id}`)).status).toBe(403);
  });

  it("refuses the token of a deactivated owner, and of a deleted one", async () => {
    const owner = await t.signedInUser({ role: "admin" });
    const { token } = await createToken(owner.cookie);
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, owner.user.id));
    await refused(token);
    await t.app.db.update(users).set({ isActive: true }).where(eq(users.id, owner.user.id));
    expect((await script(token, "/api/licenses")).status).toBe(200);
    const remove = await t.request({
      method: "DELETE",
      url: `/api/users/${owner.user.id}`,
      cookie: adminCookie,
    });
    expect(remove.statusCode, remove.body).toBeLessThan(300);
    await refused(token);
  });
});
