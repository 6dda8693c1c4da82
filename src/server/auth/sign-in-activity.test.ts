// Sign-ins in the activity log: a success with its method, a failure with the username tried
// and why (never the password), a sign-out; a malformed request records nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityCount, lastActivity } from "../../../tests/support/activity";
import { createUser } from "../../../tests/support/factories";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.request({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password },
    headers: { "user-agent": "SignInTest/1.0" },
  });

describe("sign-in activity", () => {
  it("records a password sign-in and a sign-out as the user, from the request's address", async () => {
    const user = await createUser(t.app.db, { username: "activity-signin" });
    const cookie = await t.login(user.username);
    expect(await lastActivity(t.app.db, { area: "auth", userId: user.id })).toMatchObject({
      action: "sign_in",
      itemId: user.id,
      via: "session",
      detail: { method: "password" },
    });
    expect(
      (await lastActivity(t.app.db, { area: "auth", userId: user.id }))!.ipAddress,
    ).toBeTruthy();
    const out = await t.request({ method: "POST", url: "/api/auth/logout", cookie });
    expect(out.statusCode).toBe(200);
    expect(await lastActivity(t.app.db, { area: "auth", userId: user.id })).toMatchObject({
      action: "sign_out",
      itemId: user.id,
    });
  });

  it("records a failure with the username tried and the reason, never the password", async () => {
    const user = await createUser(t.app.db, { username: "activity-wrong" });
    const wrong = await login("Activity-Wrong", "not-the-Password-77");
    expect(wrong.statusCode).toBe(401);
    const failure = await lastActivity(t.app.db, { action: "sign_in_failed" });
    expect(failure).toMatchObject({
      area: "auth",
      userId: user.id,
      itemLabel: "Activity-Wrong",
      userAgent: "SignInTest/1.0",
      detail: { method: "password", reason: "INVALID_CREDENTIALS" },
    });
    expect(JSON.stringify(failure)).not.toContain("not-the-Password-77");

    const nobody = await login("nobody-by-this-name", "whatever-1");
    expect(nobody.statusCode).toBe(401);
    expect(await lastActivity(t.app.db, { action: "sign_in_failed" })).toMatchObject({
      userId: null,
      itemLabel: "nobody-by-this-name",
      detail: { reason: "INVALID_CREDENTIALS" },
    });

    await createUser(t.app.db, { username: "activity-gone", isActive: false });
    expect((await login("activity-gone", TEST_PASSWORD)).statusCode).toBe(401);
    expect(await lastActivity(t.app.db, { action: "sign_in_failed" })).toMatchObject({
      itemLabel: "activity-gone",
      detail: { reason: "ACCOUNT_DEACTIVATED" },
    });
  });

  it("records nothing for a malformed sign-in", async () => {
    const before = await activityCount(t.app.db);
    const response = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "someone" },
    });
    expect(response.statusCode).toBe(400);
    expect(await activityCount(t.app.db)).toBe(before);
  });
});
