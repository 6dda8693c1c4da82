// GET /api/activity: administrators only, newest first, paged, filtered in SQL; no route can
// change or delete a record.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLicenseViaApi } from "../../../tests/support/licenses";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import type { ActivityResponse } from "../../domain/schemas/activity";
import { activityLog } from "../db/schema";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let licenseIds: number[];

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
  licenseIds = [];
  for (const name of ["Audit Alpha", "Audit Beta", "Audit Gamma"]) {
    licenseIds.push((await createLicenseViaApi(t, admin.cookie, { name })).id);
  }
  // One old record, for the date filters.
  await t.app.db.insert(activityLog).values({
    userId: user.user.id,
    via: "session",
    action: "update",
    area: "hardware",
    itemId: 77,
    itemLabel: "Old Dock",
    occurredAt: new Date("2025-01-15T10:00:00Z"),
  });
});
afterAll(() => t.close());

const list = (query: string, cookie = admin.cookie) =>
  t.request({ method: "GET", url: `/api/activity${query}`, cookie });

describe("GET /api/activity", () => {
  it("is for administrators only", async () => {
    expect((await list("", user.cookie)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/activity" })).statusCode).toBe(401);
  });

  it("lists newest first, one page with the total", async () => {
    const response = await list("?area=licenses&limit=2");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["x-total-count"]).toBe("3");
    const rows = response.json() as ActivityResponse[];
    expect(rows.map((row) => row.itemLabel)).toEqual(["Audit Gamma", "Audit Beta"]);
    expect(rows[0]).toMatchObject({
      action: "create",
      area: "licenses",
      itemId: licenseIds[2],
      userId: admin.user.id,
      via: "session",
    });
    expect(rows[0]!.username).toBeTruthy();
    const next = (await list("?area=licenses&limit=2&offset=2")).json() as ActivityResponse[];
    expect(next.map((row) => row.itemLabel)).toEqual(["Audit Alpha"]);
  });

  it("filters by person, action, item, dates and searches the item's name", async () => {
    // The person's own records only: their sign-in (the test app signs them in) and the old one.
    const byUser = (await list(`?userId=${user.user.id}`)).json() as ActivityResponse[];
    expect(byUser.map((row) => [row.action, row.itemLabel])).toEqual([
      ["sign_in", null],
      ["update", "Old Dock"],
    ]);
    const item = (
      await list(`?area=licenses&itemId=${licenseIds[1]}`)
    ).json() as ActivityResponse[];
    expect(item.map((row) => row.itemLabel)).toEqual(["Audit Beta"]);
    const dated = (await list("?from=2025-01-15&to=2025-01-15")).json() as ActivityResponse[];
    expect(dated.map((row) => row.itemLabel)).toEqual(["Old Dock"]);
    expect(((await list("?to=2025-01-14")).json() as unknown[]).length).toBe(0);
    const found = (await list("?search=gamm")).json() as ActivityResponse[];
    expect(found.map((row) => row.itemLabel)).toEqual(["Audit Gamma"]);
    const creates = (await list("?action=create&area=hardware")).json() as unknown[];
    expect(creates).toEqual([]);
  });

  it("answers 400 for a bad filter", async () => {
    for (const query of [
      "?area=nope",
      "?action=drop",
      "?from=2025-13-01",
      "?from=2025-02-01&to=2025-01-01",
      "?userId=x",
      "?limit=0",
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
  });

  it("has no way to change or delete a record", async () => {
    for (const method of ["PATCH", "PUT", "DELETE", "POST"] as const) {
      const response = await t.request({
        method,
        url: "/api/activity",
        cookie: admin.cookie,
        payload: {},
      });
      expect(response.statusCode, method).toBe(404);
      const one = await t.request({
        method,
        url: "/api/activity/1",
        cookie: admin.cookie,
        payload: {},
      });
      expect(one.statusCode, method).toBe(404);
    }
  });
});
