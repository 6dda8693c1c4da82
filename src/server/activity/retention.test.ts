// Retention (AUDIT_RETENTION_DAYS): the daily prune deletes only what is older than the setting,
// records itself, runs once a day however many instances look, and is not started without it.
import { and, eq, gte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import { loadConfig } from "../config";
import type { Database, Db } from "../db/client";
import { activityLog } from "../db/schema";
import { systemActor } from "./record";
import { pruneIfDue, startActivityRetention } from "./retention-schedule";

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const log = { info: vi.fn(), warn: vi.fn() };

async function seedAges(now: Date, itemBase: number, ages: number[]) {
  await db.insert(activityLog).values(
    ages.map((days, index) => ({
      ...systemActor,
      action: "create" as const,
      area: "hardware" as const,
      itemId: itemBase + index,
      occurredAt: new Date(now.getTime() - days * DAY_MS),
    })),
  );
}

const itemsFrom = async (itemBase: number) =>
  (
    await db
      .select({ itemId: activityLog.itemId })
      .from(activityLog)
      .where(and(eq(activityLog.area, "hardware"), gte(activityLog.itemId, itemBase)))
      .orderBy(activityLog.itemId)
  ).map((row) => row.itemId);

const prunesRecorded = () =>
  db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.area, "activity_log"), eq(activityLog.action, "prune")));

describe("the daily prune", () => {
  it("deletes only the records older than the retention, once however many instances look", async () => {
    const now = new Date("2026-11-24T03:00:00Z");
    await seedAges(now, 5000, [400, 91, 89.5, 1]);
    // Two instances looking at the same moment (on PostgreSQL, two connections of the pool).
    const outcomes = await Promise.all([
      pruneIfDue({ db, retentionDays: 90, log }, now),
      pruneIfDue({ db, retentionDays: 90, log }, now),
    ]);
    expect(outcomes).toContainEqual({ pruned: 2 });
    expect(outcomes.filter((outcome) => typeof outcome === "object")).toHaveLength(1);
    expect(await itemsFrom(5000)).toEqual([5002, 5003]);
    const prunes = await prunesRecorded();
    expect(prunes).toHaveLength(1);
    expect(prunes[0]).toMatchObject({
      userId: null,
      via: "system",
      detail: { pruned: 2, retentionDays: 90 },
    });

    // Later the same day: not due. A day later: due again.
    expect(
      await pruneIfDue({ db, retentionDays: 90, log }, new Date(now.getTime() + DAY_MS / 2)),
    ).toBe("not-due");
    expect(
      await pruneIfDue({ db, retentionDays: 90, log }, new Date(now.getTime() + DAY_MS)),
    ).toEqual({ pruned: 1 });
    expect(await itemsFrom(5000)).toEqual([5003]);
  });
});

describe("AUDIT_RETENTION_DAYS", () => {
  it("is unset by default, a whole number of days at least 1 otherwise", () => {
    expect(loadConfig({}).auditRetentionDays).toBeUndefined();
    expect(loadConfig({ AUDIT_RETENTION_DAYS: "365" }).auditRetentionDays).toBe(365);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: "0" })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: "1.5" })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it("starts no prune without the setting, and one with it", () => {
    const appWith = (auditRetentionDays: number | undefined) =>
      ({ config: { auditRetentionDays }, addHook: vi.fn(), db, log }) as unknown as FastifyInstance;
    const without = appWith(undefined);
    startActivityRetention(without);
    expect(without.addHook).not.toHaveBeenCalled();
    const withSetting = appWith(30);
    startActivityRetention(withSetting);
    expect(withSetting.addHook).toHaveBeenCalledWith("onListen", expect.any(Function));
  });
});
