// The activity log of the Directories area: create, update, delete, restore and a payment
// recorded with who and from where and the changed fields; nothing for a refused request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityCount, activityOf } from "../../../tests/support/activity";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import type { DirectoryResponse } from "../../domain/schemas/directories";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
});
afterAll(() => t.close());

const call = (method: "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.request({ method, url, cookie, payload });

describe("directory activity", () => {
  it("records create, update, payment, delete and restore", async () => {
    const created = await call("POST", "/api/directories", admin.cookie, {
      name: "Yellow Pages Activity",
      paymentAmount: 100,
      nextPaymentDate: "2030-01-01",
    });
    expect(created.statusCode, created.body).toBe(201);
    const directory = created.json() as DirectoryResponse;
    const steps = [
      await call("PATCH", `/api/directories/${directory.id}`, admin.cookie, { paymentAmount: 120 }),
      await call("POST", `/api/directories/${directory.id}/payments`, admin.cookie, {
        paidOn: "2029-12-20",
      }),
      await call("DELETE", `/api/directories/${directory.id}`, admin.cookie),
      await call("POST", `/api/directories/${directory.id}/restore`, admin.cookie),
    ];
    expect(steps.map((response) => response.statusCode)).toEqual([200, 201, 204, 200]);

    const rows = await activityOf(t.app.db, { area: "directories", itemId: directory.id });
    expect(rows.map((row) => row.action)).toEqual(["create", "update", "pay", "delete", "restore"]);
    for (const row of rows) {
      expect(row).toMatchObject({ userId: admin.user.id, itemLabel: "Yellow Pages Activity" });
      expect(row.ipAddress).toBeTruthy();
    }
    const [create, update, pay] = rows;
    expect(create!.changes).toMatchObject({
      name: { before: null, after: "Yellow Pages Activity" },
    });
    expect(update!.changes).toEqual({ paymentAmount: { before: 100, after: 120 } });
    expect(pay!.detail).toMatchObject({ paidOn: "2029-12-20", amount: 120 });
    expect(pay!.changes).toMatchObject({ lastPaymentDate: { before: null, after: "2029-12-20" } });
  });

  it("records nothing for a refused request", async () => {
    const created = await call("POST", "/api/directories", admin.cookie, {
      name: "Refused Listing",
      paymentAmount: 100,
      nextPaymentDate: "2030-01-01",
    });
    const directory = created.json() as DirectoryResponse;
    const before = await activityCount(t.app.db);
    const refused = [
      await call("POST", "/api/directories", user.cookie, { name: "x", paymentAmount: 1 }),
      await call("DELETE", `/api/directories/${directory.id}`, user.cookie),
      await call("POST", "/api/directories", admin.cookie, { name: "" }),
      await call("PATCH", "/api/directories/999999", admin.cookie, { name: "y" }),
      await call("POST", `/api/directories/${directory.id}/restore`, admin.cookie),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 400, 404, 404]);
    expect(await activityCount(t.app.db)).toBe(before);
  });
});
