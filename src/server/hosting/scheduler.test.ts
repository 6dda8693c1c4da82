// The daily refresh's decisions, with the clock given rather than waited for, and its one-instance
// rule on a real database with the DigitalOcean stand-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityOf } from "../../../tests/support/activity";
import {
  type DigitalOceanStandIn,
  sampleAccount,
  startDigitalOceanStandIn,
} from "../../../tests/support/digitalocean-stand-in";
import { openTestDatabase } from "../../../tests/support/test-database";
import { todayIso } from "../../domain/dates";
import { monthOf, previousMonth } from "../../domain/hosting";
import type { Database } from "../db/client";
import { dropletCosts, hostingImports } from "../db/schema";
import { DAILY_EVERY_MS, DAILY_RETRY_AFTER_MS } from "../lib/daily-due";
import { createDigitalOceanProvider } from "./digitalocean";
import { hostingStatus } from "./read-service";
import { refreshIfDue, scheduleHostingRefresh } from "./scheduler";

const HOUR = 3_600_000;

describe("refreshIfDue on a database", () => {
  let standIn: DigitalOceanStandIn;
  let database: Database;
  const provider = () =>
    createDigitalOceanProvider({
      token: standIn.token,
      apiUrl: standIn.url,
      timeoutMs: 2000,
      maxRetryWaitMs: 0,
    });
  const running = monthOf(todayIso("UTC"));

  beforeAll(async () => {
    standIn = await startDigitalOceanStandIn({
      account: sampleAccount(running, previousMonth(running)),
    });
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    await standIn.close();
  });

  it("imports once when several instances look at the same moment", async () => {
    const clock = new Date();
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => refreshIfDue(database.db, provider(), clock)),
    );
    expect(outcomes.filter((o) => o === "imported")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "failed")).toHaveLength(0);
    const runs = await database.db.select().from(hostingImports);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: "scheduled", kind: "latest", outcome: "success" });
    expect((await database.db.select().from(dropletCosts)).length).toBe(6);
    // One record of it, the system's: no person and no address.
    const records = await activityOf(database.db, { area: "hosting", action: "import" });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      itemId: runs[0]!.id,
      userId: null,
      via: "system",
      ipAddress: null,
      detail: { kind: "latest", rows: 6, added: 6 },
    });

    // Not again the same day; again a day later.
    expect(await refreshIfDue(database.db, provider(), new Date(clock.getTime() + HOUR))).toBe(
      "not-due",
    );
    expect(
      await refreshIfDue(database.db, provider(), new Date(Date.now() + DAILY_EVERY_MS + HOUR)),
    ).toBe("imported");
  });

  it("records a failed refresh, shows it in the status, and backs off", async () => {
    await database.db.delete(hostingImports);
    standIn.fail({ kind: "status", status: 500 });
    const errors: unknown[] = [];
    const clock = new Date();
    expect(await refreshIfDue(database.db, provider(), clock, (e) => errors.push(e))).toBe(
      "failed",
    );
    expect(errors).toHaveLength(1);
    const status = await hostingStatus(database.db, true);
    expect(status).toMatchObject({
      status: "error",
      last_import: { trigger: "scheduled", outcome: "error" },
    });
    standIn.heal();
    expect(await refreshIfDue(database.db, provider(), new Date(clock.getTime() + HOUR / 2))).toBe(
      "not-due",
    );
    expect(
      await refreshIfDue(
        database.db,
        provider(),
        new Date(clock.getTime() + DAILY_RETRY_AFTER_MS + 1000),
      ),
    ).toBe("imported");
  });

  it("looks on its own schedule and stops when told", async () => {
    await database.db.delete(hostingImports);
    let looks = 0;
    const imported = new Promise<void>((resolve) => {
      const stop = scheduleHostingRefresh({
        db: database.db,
        provider: () => {
          looks += 1;
          return provider();
        },
        log: {
          info: () => {
            stop();
            resolve();
          },
          warn: () => {},
        },
        firstCheckAfterMs: 0,
        checkEveryMs: 10,
      });
    });
    await imported;
    expect(looks).toBe(1);
    expect(await database.db.select().from(hostingImports)).toHaveLength(1);
  });
});
