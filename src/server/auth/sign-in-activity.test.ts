// Sign-ins in the activity log: a success with its method, a failure with the username tried
// and why (never the password), a sign-out; a malformed request records nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityCount, lastActivity } from "../../../tests/support/activity";
import { createUser } from "../../../tests/support/factories";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../../../tests/support/test-app";
import { activityLog } from "../db/schema";

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
      userId: null,
      itemId: user.id,
      itemLabel: "Activity-Wrong",
      userAgent: "SignInTest/1.0",
      detail: { method: "password", reason: "INVALID_CREDENTIALS" },
    });
    expect(JSON.stringify(failure)).not.toContain("not-the-Password-77");

    // A username that matches nobody may be a password typed into the wrong field: not kept.
    const nobody = await login("Pa55word-in-the-name-field", "whatever-1");
    expect(nobody.statusCode).toBe(401);
    const unknown = await lastActivity(t.app.db, { action: "sign_in_failed" });
    expect(unknown).toMatchObject({
      userId: null,
      itemId: null,
      itemLabel: null,
      detail: { reason: "INVALID_CREDENTIALS" },
    });
    expect(JSON.stringify(unknown)).not.toContain("Pa55word-in-the-name-field");

    await createUser(t.app.db, { username: "activity-gone", isActive: false });
    expect((await login("activity-gone", TEST_PASSWORD)).statusCode).toBe(401);
    expect(await lastActivity(t.app.db, { action: "sign_in_failed" })).toMatchObject({
      itemLabel: "activity-gone",
      detail: { reason: "ACCOUNT_DEACTIVATED" },
    });
  });

  it("records the failures that start a lock, not each refusal while it lasts", async () => {
    const user = await createUser(t.app.db, { username: "activity-flood" });
    const failures = async () =>
      (await t.app.db.select().from(activityLog)).filter(
        (row) => row.action === "sign_in_failed" && row.itemId === user.id,
      ).length;
    let status = 0;
    let attempts = 0;
    while (status !== 429 && attempts < 50) {
      status = (await login("activity-flood", "wrong-password-1")).statusCode;
      attempts++;
    }
    expect(status).toBe(429);
    const checked = await failures();
    expect(checked).toBe(attempts - 1);
    const before = await activityCount(t.app.db);
    for (let i = 0; i < 5; i++) {
      expect((await login("activity-flood", "wrong-password-1")).statusCode).toBe(429);
    }
    expect(await activityCount(t.app.db)).toBe(before);
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
