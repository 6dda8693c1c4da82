// The activity log of the Licenses area: every change recorded with who, from where and what
// changed (the key never in clear), and nothing recorded for a refused request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityCount, activityOf, lastActivity } from "../../../tests/support/activity";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import { SECRET_PLACEHOLDER } from "../../domain/activity";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
});
afterAll(() => t.close());

const call = (method: "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.request({
    method,
    url,
    cookie,
    payload,
    headers: { "user-agent": "ActivityTest/1.0" },
  });

describe("license activity", () => {
  it("records a creation with who, from where and the fields, the key masked", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, { name: "Figma Activity" });
    const row = await lastActivity(t.app.db, { area: "licenses", itemId: license.id });
    expect(row).toMatchObject({
      action: "create",
      userId: admin.user.id,
      via: "session",
      itemLabel: "Figma Activity",
    });
    expect(row!.ipAddress).toBeTruthy();
    const changes = row!.changes as Record<string, { before: unknown; after: unknown }>;
    expect(changes.name).toEqual({ before: null, after: "Figma Activity" });
    expect(changes.licenseKey).toEqual({ before: null, after: SECRET_PLACEHOLDER });
    expect(JSON.stringify(row)).not.toContain(license.clearKey);
    expect(JSON.stringify(row)).not.toContain(license.clearKey.slice(-4));
  });

  it("records an update with the changed fields only", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    const response = await call("PATCH", `/api/licenses/${license.id}`, admin.cookie, {
      totalSeats: 9,
      licenseKey: "NEW-KEY-ZZZZ-9876",
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = await lastActivity(t.app.db, { area: "licenses", itemId: license.id });
    expect(row).toMatchObject({ action: "update", userAgent: "ActivityTest/1.0" });
    expect(row!.changes).toEqual({
      totalSeats: { before: 5, after: 9 },
      licenseKey: { before: SECRET_PLACEHOLDER, after: SECRET_PLACEHOLDER },
    });
    expect(JSON.stringify(row)).not.toContain("9876");
  });

  it("records renew, reveal, assign, unassign and delete", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, { expiryDate: "2025-07-01" });
    const renewal = await call("POST", "/api/renewals", admin.cookie, {
      licenseId: license.id,
      newExpiryDate: "2026-07-01",
      renewalAmount: "259.00",
    });
    expect(renewal.statusCode, renewal.body).toBe(201);
    const reveal = await call("POST", `/api/licenses/${license.id}/reveal`, admin.cookie);
    expect(reveal.statusCode).toBe(200);
    const assignment = await assignViaApi(t, admin.cookie, license.id, user.user.id);
    const ended = await call("PATCH", `/api/assignments/${assignment.id}/deactivate`, admin.cookie);
    expect(ended.statusCode, ended.body).toBe(200);
    const deleted = await call("DELETE", `/api/licenses/${license.id}`, admin.cookie);
    expect(deleted.statusCode).toBe(204);

    const rows = await activityOf(t.app.db, { area: "licenses", itemId: license.id });
    expect(rows.map((row) => row.action)).toEqual([
      "create",
      "renew",
      "reveal",
      "assign",
      "unassign",
      "delete",
    ]);
    const [, renew, revealed, assign] = rows;
    expect(renew!.changes).toMatchObject({
      expiryDate: { before: "2025-07-01", after: "2026-07-01" },
    });
    expect(JSON.stringify(revealed)).not.toContain(license.clearKey);
    expect(assign!.detail).toMatchObject({ assignmentId: assignment.id, userId: user.user.id });
    expect(rows.at(-1)!.itemLabel).toBe(license.name);
  });

  it("records a user's own reveal as that user", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    await assignViaApi(t, admin.cookie, license.id, user.user.id);
    const reveal = await call("POST", `/api/licenses/${license.id}/reveal`, user.cookie);
    expect(reveal.statusCode).toBe(200);
    expect(await lastActivity(t.app.db, { area: "licenses", itemId: license.id })).toMatchObject({
      action: "reveal",
      userId: user.user.id,
    });
  });

  it("records nothing for a refused request", async () => {
    const full = await createLicenseViaApi(t, admin.cookie, { totalSeats: 1 });
    await assignViaApi(t, admin.cookie, full.id, admin.user.id);
    const before = await activityCount(t.app.db);
    const refused = [
      // 403: not an administrator
      await call("POST", "/api/licenses", user.cookie, { name: "x", licenseKey: "K-1" }),
      await call("DELETE", `/api/licenses/${full.id}`, user.cookie),
      // 400: bad input
      await call("POST", "/api/licenses", admin.cookie, { name: "", licenseKey: "K-1" }),
      await call("PATCH", `/api/licenses/${full.id}`, admin.cookie, { totalSeats: -1 }),
      // 404: no such license, or one the user may not see
      await call("PATCH", "/api/licenses/999999", admin.cookie, { name: "y" }),
      await call("POST", "/api/licenses/999999/reveal", admin.cookie),
      await call("POST", `/api/licenses/${full.id}/reveal`, user.cookie),
      // 409: no seat left
      await call("POST", "/api/assignments", admin.cookie, {
        licenseId: full.id,
        userId: user.user.id,
      }),
      // 400: no seats at all
      await call("PATCH", `/api/licenses/${full.id}`, admin.cookie, { totalSeats: 0 }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([
      403, 403, 400, 400, 404, 404, 404, 409, 400,
    ]);
    expect(await activityCount(t.app.db)).toBe(before);
  });
});
