import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../../../tests/support/test-app";
import { sessions } from "../db/schema";
import { hashToken } from "./sessions";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: "3",
    LOGIN_MAX_FAILURES_PER_ADDRESS: "50",
  });
});
afterAll(() => t.close());

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  t.request({ method: "POST", url: "/api/auth/login", payload: { username, password }, headers });

describe("POST /api/auth/login", () => {
  it("signs in with the right password and returns the user without secrets", async () => {
    const user = await createUser(t.app.db, {
      username: "alice",
      fullName: "Alice Admin",
      role: "admin",
    });
    const response = await login("alice", TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      user: expect.objectContaining({
        id: user.id,
        username: "alice",
        displayName: "Alice Admin",
        isAdmin: true,
      }),
    });
    expect(response.body).not.toContain("argon2");
    const cookie = response.cookies.find((c) => c.name === "qm_session")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.value.length).toBeGreaterThanOrEqual(22); // >= 128 bits of base64url
  });

  it("matches the username case-insensitively", async () => {
    await createUser(t.app.db, { username: "CaseUser" });
    expect((await login("caseuser", TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("answers 401 with success false for a wrong password or an unknown user", async () => {
    await createUser(t.app.db, { username: "bob" });
    for (const response of [
      await login("bob", "wrong-password"),
      await login("nobody", "whatever"),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: "INVALID_CREDENTIALS",
        message: "Invalid username or password",
      });
    }
  });

  it("refuses an inactive user", async () => {
    await createUser(t.app.db, { username: "gone", isActive: false });
    const response = await login("gone", TEST_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: "ACCOUNT_DEACTIVATED" });
  });

  it("validates the body with the form's messages", async () => {
    const response = await login("", "");
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
    expect(response.json().errors).toEqual([
      { path: "username", message: "Username is required" },
      { path: "password", message: "Password is required" },
    ]);
    const notJson = await t.request({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe("INVALID_JSON");
  });

  it("locks an account after too many failures, even for the right password", async () => {
    await createUser(t.app.db, { username: "target" });
    for (let i = 0; i < 3; i++) expect((await login("target", "nope")).statusCode).toBe(401);
    const locked = await login("target", TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
    expect(locked.json().code).toBe("RATE_LIMITED");
    // Another account from the same address is not affected by this account's lock.
    await createUser(t.app.db, { username: "bystander" });
    expect((await login("bystander", TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("issues a new session id on every sign-in", async () => {
    await createUser(t.app.db, { username: "rotate" });
    const first = await t.login("rotate");
    const second = await t.request({
      method: "POST",
      url: "/api/auth/login",
      cookie: first,
      payload: { username: "rotate", password: TEST_PASSWORD },
    });
    const newCookie = second.cookies.find((c) => c.name === "qm_session")!.value;
    expect(`qm_session=${newCookie}`).not.toBe(first);
    const old = await t.request({ method: "GET", url: "/api/auth/status", cookie: first });
    expect(old.json().authenticated).toBe(false);
  });

  it("stores only a hash of the session token", async () => {
    await createUser(t.app.db, { username: "hashcheck" });
    const cookie = await t.login("hashcheck");
    const token = cookie.split("=")[1]!;
    expect(await t.app.db.select().from(sessions).where(eq(sessions.id, token))).toHaveLength(0);
    expect(
      await t.app.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toHaveLength(1);
  });
});

describe("GET /api/auth/status and logout", () => {
  it("reports the session and ends it on logout", async () => {
    const anonymous = await t.request({ method: "GET", url: "/api/auth/status" });
    expect(anonymous.json()).toEqual({ authenticated: false, user: null });

    const { cookie, user } = await t.signedInUser();
    const status = await t.request({ method: "GET", url: "/api/auth/status", cookie });
    expect(status.json()).toMatchObject({ authenticated: true, user: { id: user.id } });

    const logout = await t.request({ method: "POST", url: "/api/auth/logout", cookie });
    expect(logout.statusCode).toBe(200);
    const after = await t.request({ method: "GET", url: "/api/auth/status", cookie });
    expect(after.json().authenticated).toBe(false);
  });

  it("ignores a forged cookie", async () => {
    const response = await t.request({
      method: "GET",
      url: "/api/users",
      cookie: "qm_session=forged",
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("cross-site request protection", () => {
  it("refuses a state-changing request without X-Requested-With from another origin", async () => {
    const { cookie } = await t.signedInUser({ role: "admin" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: { cookie, origin: "https://evil.example" },
      payload: { username: "planted", password: "secret123" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("FORBIDDEN");
    const noOrigin = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: { cookie },
      payload: { username: "planted", password: "secret123" },
    });
    expect(noOrigin.statusCode).toBe(403);
  });

  it("accepts a request from the app's own origin", async () => {
    const { cookie } = await t.signedInUser({ role: "admin" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: { cookie, origin: "http://localhost:80", host: "localhost:80" },
      payload: { username: "sameorigin", password: "secret123" },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe("housekeeping", () => {
  it("removes expired and idle sessions but keeps live ones", async () => {
    const { cleanUpAuthState } = await import("./housekeeping");
    const { user, cookie } = await t.signedInUser();
    const live = hashToken(cookie.split("=")[1]!);
    await t.app.db.insert(sessions).values([
      { id: "expired", userId: user.id, expiresAt: new Date(Date.now() - 1000) },
      {
        id: "idle",
        userId: user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
        lastSeenAt: new Date(Date.now() - t.app.config.session.idleMs - 1000),
      },
    ]);
    await cleanUpAuthState(t.app.db, t.app.config.session, 60_000);
    const ids = (await t.app.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id);
    expect(ids).toContain(live);
    expect(ids).not.toContain("expired");
    expect(ids).not.toContain("idle");
  });
});

describe("session expiry", () => {
  it("ends a session that has been idle too long or passed its absolute expiry", async () => {
    for (const change of [
      { lastSeenAt: new Date(Date.now() - t.app.config.session.idleMs - 1000) },
      { expiresAt: new Date(Date.now() - 1000) },
    ]) {
      const { cookie } = await t.signedInUser();
      const id = hashToken(cookie.split("=")[1]!);
      await t.app.db.update(sessions).set(change).where(eq(sessions.id, id));
      const status = await t.request({ method: "GET", url: "/api/auth/status", cookie });
      expect(status.json().authenticated).toBe(false);
    }
  });
});

describe("per-address limit", () => {
  it("locks an address that fails on many different accounts", async () => {
    const strict = await buildTestApp({
      LOGIN_MAX_FAILURES_PER_ADDRESS: "3",
      LOGIN_MAX_FAILURES_PER_ACCOUNT: "50",
    });
    try {
      await createUser(strict.app.db, { username: "valid-user" });
      const attempt = (username: string, password: string, ip = "203.0.113.9") =>
        strict.app.inject({
          method: "POST",
          url: "/api/auth/login",
          headers: { "x-requested-with": "XMLHttpRequest" },
          remoteAddress: ip,
          payload: { username, password },
        });
      for (const name of ["a1", "a2", "a3"])
        expect((await attempt(name, "x")).statusCode).toBe(401);
      const locked = await attempt("valid-user", TEST_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ success: false });
      // The same account from another address is not locked.
      expect((await attempt("valid-user", TEST_PASSWORD, "198.51.100.4")).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
