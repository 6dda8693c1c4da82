// The activity log of the Hosting area against the DigitalOcean stand-in: each import by an
// administrator is one record (never one per cost row) saying how many cost rows it read, added,
// updated and removed; a refused or failed import records nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activityCount, activityOf, lastActivity } from "../../../tests/support/activity";
import {
  type DigitalOceanStandIn,
  dropletItem,
  sampleAccount,
  standInEnv,
  startDigitalOceanStandIn,
} from "../../../tests/support/digitalocean-stand-in";
import { buildTestApp, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import { todayIso } from "../../domain/dates";
import { monthOf, previousMonth } from "../../domain/hosting";
import { hostingImports } from "../db/schema";

const running = monthOf(todayIso("UTC"));
const previous = previousMonth(running);

let standIn: DigitalOceanStandIn;
let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  standIn = await startDigitalOceanStandIn();
  t = await buildTestApp(standInEnv(standIn, 0));
  admin = await t.signedInUser({ role: "admin" });
  user = await t.signedInUser();
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.heal();
  standIn.setAccount(sampleAccount(running, previous));
});

const post = (url: string, cookie = admin.cookie) => t.request({ method: "POST", url, cookie });

/** Runs an import as the administrator; returns the one record it wrote. */
async function importedRecord(url: string) {
  const before = await activityCount(t.app.db);
  const response = await post(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(await activityCount(t.app.db)).toBe(before + 1);
  return (await lastActivity(t.app.db, { area: "hosting" }))!;
}

describe("hosting import activity", () => {
  it("records each import once, as the administrator, with the cost rows it changed", async () => {
    const first = await importedRecord("/api/hosting/fetch-latest");
    const [run] = await t.app.db.select().from(hostingImports);
    expect(first).toMatchObject({
      action: "import",
      area: "hosting",
      itemId: run!.id,
      itemLabel: "DigitalOcean import",
      userId: admin.user.id,
      via: "session",
      changes: null,
    });
    expect(first.ipAddress).toBeTruthy();
    // Three droplets billed in each month (web-1's two items are one row), all new.
    expect(first.detail).toEqual({
      kind: "latest",
      months: [running, previous],
      rows: 6,
      added: 6,
      updated: 0,
      removed: 0,
      droplets: 4,
    });
    // The provider's token is nowhere in the record.
    expect(JSON.stringify(first)).not.toContain(standIn.token);

    const again = await importedRecord("/api/hosting/fetch-latest");
    expect(again.detail).toMatchObject({ rows: 6, added: 0, updated: 0, removed: 0, droplets: 0 });

    // This month: web-1 costs more, new-api is gone, cache-1 is new.
    const account = sampleAccount(running, previous);
    account.preview!.items = [
      dropletItem(running, { id: 1001, name: "web-1", project: "Website" }, "13.00"),
      dropletItem(running, { id: 1002, name: "db-1", project: "Website" }, "8.08"),
      dropletItem(running, { id: 1005, name: "cache-1", project: "Website" }, "1.50"),
    ];
    standIn.setAccount(account);
    const changed = await importedRecord("/api/hosting/fetch-latest");
    expect(changed.detail).toMatchObject({
      rows: 6,
      added: 1,
      updated: 1,
      removed: 1,
      droplets: 1,
    });

    const closed = await importedRecord("/api/hosting/fetch-previous-month");
    expect(closed.detail).toEqual({
      kind: "previous_month",
      months: [previous],
      rows: 3,
      added: 0,
      updated: 0,
      removed: 0,
      droplets: 0,
    });
    expect(await activityOf(t.app.db, { area: "hosting", action: "import" })).toHaveLength(4);
  });

  it("records nothing for a refused or failed import", async () => {
    const before = await activityCount(t.app.db);
    expect((await post("/api/hosting/fetch-latest", user.cookie)).statusCode).toBe(403);
    standIn.fail({ kind: "status", status: 500 });
    expect((await post("/api/hosting/fetch-latest")).statusCode).toBe(502);
    standIn.heal();
    // The previous month's invoice does not exist yet.
    standIn.setAccount({ ...sampleAccount(running, previous), invoices: [] });
    expect((await post("/api/hosting/fetch-previous-month")).statusCode).toBe(409);
    expect(await activityCount(t.app.db)).toBe(before);
  });
});
