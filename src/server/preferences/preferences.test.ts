// GET/PUT /api/preferences: each user's own Settings toggles, stored on the server.

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { DEFAULT_PREFERENCES } from "../../domain/schemas/preferences";
import { activityLog } from "../db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (cookie?: string) =>
  t.request({ method: "GET", url: "/api/preferences", ...(cookie ? { cookie } : {}) });
const put = (cookie: string | undefined, payload: unknown) =>
  t.request({
    method: "PUT",
    url: "/api/preferences",
    payload: payload as object,
    ...(cookie ? { cookie } : {}),
  });

describe("/api/preferences", () => {
  it("starts from the defaults: keys masked, both alerts on", async () => {
    const { cookie } = await t.signedInUser();
    const response = await get(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...DEFAULT_PREFERENCES,
      maskLicenseKeys: true,
      licenseExpiryAlerts: true,
      assignmentChangeAlerts: true,
    });
  });

  it("changes only the toggles named, keeps them, and per user", async () => {
    const { cookie } = await t.signedInUser();
    const other = await t.signedInUser({ role: "admin" });
    const first = await put(cookie, { maskLicenseKeys: false });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      ...DEFAULT_PREFERENCES,
      maskLicenseKeys: false,
      licenseExpiryAlerts: true,
      assignmentChangeAlerts: true,
    });
    await put(cookie, { assignmentChangeAlerts: false });
    expect((await get(cookie)).json()).toEqual({
      ...DEFAULT_PREFERENCES,
      maskLicenseKeys: false,
      licenseExpiryAlerts: true,
      assignmentChangeAlerts: false,
    });
    expect((await get(other.cookie)).json().maskLicenseKeys).toBe(true);
  });

  it("keeps the daily digest choice and records each change in the activity log", async () => {
    const { user, cookie } = await t.signedInUser();
    expect((await put(cookie, { reminderDigest: true, paymentAlerts: false })).statusCode).toBe(
      200,
    );
    expect((await get(cookie)).json()).toMatchObject({
      reminderDigest: true,
      paymentAlerts: false,
    });
    // Saving what is already there changes nothing and records nothing.
    await put(cookie, { reminderDigest: true });
    // The settings records only: the sign-in that made the cookie is recorded too.
    const logged = await t.app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, user.id), eq(activityLog.area, "settings")));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      action: "settings_change",
      area: "settings",
      itemId: user.id,
      changes: {
        reminderDigest: { before: false, after: true },
        paymentAlerts: { before: true, after: false },
      },
    });
  });

  it("refuses unknown, non-boolean or empty changes", async () => {
    const { cookie } = await t.signedInUser();
    for (const payload of [{}, { maskLicenseKeys: "no" }, { twoFactor: true }, []]) {
      const response = await put(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
    }
  });

  it("is refused without a session", async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put(undefined, { maskLicenseKeys: false })).statusCode).toBe(401);
  });
});
