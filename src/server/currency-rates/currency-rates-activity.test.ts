// Changing currency rates is a settings change in the activity log, with the changed pairs only;
// a refused change and a save that changes nothing record nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityCount, lastActivity } from "../../../tests/support/activity";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
});
afterAll(() => t.close());

const put = (rates: object[], cookie = admin.cookie) =>
  t.request({ method: "PUT", url: "/api/currency-rates", payload: { rates }, cookie });

describe("currency rate activity", () => {
  it("records the changed pairs as a settings change by the administrator", async () => {
    expect((await put([{ from: "USD", to: "AUD", rate: "1.55" }])).statusCode).toBe(200);
    const row = await lastActivity(t.app.db, { area: "currency_rates" });
    expect(row).toMatchObject({ action: "settings_change", userId: admin.user.id });
    expect(Object.keys(row!.changes as object)).toEqual(["USD/AUD"]);
    expect((row!.changes as Record<string, { after: unknown }>)["USD/AUD"]!.after).toBe(1.55);
  });

  it("records nothing when refused or when nothing changed", async () => {
    const before = await activityCount(t.app.db);
    expect((await put([{ from: "USD", to: "AUD", rate: 2 }], user.cookie)).statusCode).toBe(403);
    expect((await put([{ from: "USD", to: "AUD", rate: -1 }])).statusCode).toBe(400);
    expect((await put([{ from: "USD", to: "AUD", rate: "1.55" }])).statusCode).toBe(200);
    expect(await activityCount(t.app.db)).toBe(before);
  });
});
