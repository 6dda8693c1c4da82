// POST /api/auth/password: current password required, other sessions end (on this instance's
// session cache too), throttled like sign-ins, recorded in the activity log (never the password).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityMark, activitySince } from "../../../../tests/support/activity";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../../../../tests/support/test-app";

const MAX_FAILURES = 3;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
    LOGIN_MAX_FAILURES_PER_ADDRESS: "1000",
  });
});
afterAll(() => t.close());

const change = (cookie: string | undefined, currentPassword: string, newPassword: string) =>
  t.request({
    method: "POST",
    url: "/api/auth/password",
    payload: { currentPassword, newPassword },
    ...(cookie ? { cookie } : {}),
  });

const signedIn = async (cookie: string) =>
  (await t.request({ method: "GET", url: "/api/auth/status", cookie })).json().authenticated;

const loginStatus = async (username: string, password: string) =>
  (
    await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password },
    })
  ).statusCode;

describe("POST /api/auth/password", () => {
  it("changes the password and ends the user's other sessions, not this one", async () => {
    const { user, cookie } = await t.signedInUser({ username: "changer" });
    const other = await t.login("changer");
    const someoneElse = await t.signedInUser();
    // Both sessions are in the session cache before the change.
    expect(await signedIn(other)).toBe(true);
    expect(await signedIn(cookie)).toBe(true);

    const response = await change(cookie, TEST_PASSWORD, "a-new-password");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, endedSessions: 1 });

    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(cookie)).toBe(true);
    expect(await signedIn(someoneElse.cookie)).toBe(true);
    expect(await loginStatus(user.username, TEST_PASSWORD)).toBe(401);
    expect(await loginStatus(user.username, "a-new-password")).toBe(200);
  });

  it("refuses a wrong current password with a field error, and changes nothing", async () => {
    const { user, cookie } = await t.signedInUser({ username: "wrongcurrent" });
    const other = await t.login("wrongcurrent");
    const response = await change(cookie, "not-my-password", "another-password");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "INVALID_CURRENT_PASSWORD",
      message: "Current password is incorrect",
      errors: [{ path: "currentPassword", message: "Current password is incorrect" }],
    });
    expect(await signedIn(other)).toBe(true);
    expect(await loginStatus(user.username, TEST_PASSWORD)).toBe(200);
  });

  it("checks the new password with the users form's rule", async () => {
    const { cookie } = await t.signedInUser();
    const response = await change(cookie, TEST_PASSWORD, "short");
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: "newPassword", message: "Password must be at least 6 characters" },
    ]);
    const missing = await change(cookie, "", "long-enough");
    expect(missing.json().errors).toEqual([
      { path: "currentPassword", message: "Current password is required" },
    ]);
  });

  it("throttles guesses at the current password without locking the owner's sign-in", async () => {
    const { user, cookie } = await t.signedInUser({ username: "guessed" });
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await change(cookie, `guess-${i}`, "whatever1")).statusCode).toBe(400);
    }
    const locked = await change(cookie, TEST_PASSWORD, "whatever1");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe("RATE_LIMITED");
    expect(await loginStatus(user.username, TEST_PASSWORD)).toBe(200);
  });

  it("is refused without a session", async () => {
    const response = await change(undefined, TEST_PASSWORD, "whatever1");
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("UNAUTHORIZED");
  });
});

describe("the activity log", () => {
  it("records the change as the user's own, from their address, without the password", async () => {
    const { user, cookie } = await t.signedInUser({ username: "logged-change" });
    const mark = await activityMark(t.app.db);
    expect((await change(cookie, TEST_PASSWORD, "Logged-new-pass-1")).statusCode).toBe(200);
    const added = await activitySince(t.app.db, mark);
    expect(added).toEqual([
      {
        action: "password_change",
        area: "auth",
        itemId: user.id,
        itemLabel: "logged-change",
        userId: user.id,
        ipAddress: "127.0.0.1",
        changes: null,
        detail: null,
      },
    ]);
    expect(JSON.stringify(added)).not.toContain("Logged-new-pass-1");
  });

  it("records nothing for a wrong current password or a refused new one", async () => {
    const { cookie } = await t.signedInUser();
    const mark = await activityMark(t.app.db);
    expect((await change(cookie, "not-my-password", "another-password")).statusCode).toBe(400);
    expect((await change(cookie, TEST_PASSWORD, "short")).statusCode).toBe(400);
    expect(await activitySince(t.app.db, mark)).toEqual([]);
  });
});
