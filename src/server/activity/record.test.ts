// The log's core: a record is written with its transaction or not at all, carries who and from
// where, and cannot be rewritten or deleted except by retention.
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import type { Database, Db } from "../db/client";
import { activityLog } from "../db/schema";
import { type ActivityActor, actorOf, recordActivity, systemActor } from "./record";
import { pruneActivity } from "./retention";

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const actor: ActivityActor = {
  userId: 41,
  ipAddress: "203.0.113.7",
  userAgent: `Mozilla/5.0 ${"x".repeat(600)}`,
  via: "session",
};

const rowsOf = (itemId: number) =>
  db.select().from(activityLog).where(eq(activityLog.itemId, itemId));

describe("recordActivity", () => {
  it("writes who, from where, what, and the changes", async () => {
    await recordActivity(db, actor, {
      action: "update",
      area: "licenses",
      itemId: 1001,
      itemLabel: "Figma",
      changes: { name: { before: "Figma", after: "Figma Pro" } },
      detail: { reason: "test" },
    });
    const [row] = await rowsOf(1001);
    expect(row).toMatchObject({
      userId: 41,
      via: "session",
      ipAddress: "203.0.113.7",
      action: "update",
      area: "licenses",
      itemLabel: "Figma",
      changes: { name: { before: "Figma", after: "Figma Pro" } },
      detail: { reason: "test" },
    });
    expect(row!.userAgent).toHaveLength(512);
    expect(row!.occurredAt).toBeInstanceOf(Date);
  });

  it("is rolled back with the transaction it was written in", async () => {
    await expect(
      db.transaction(async (tx) => {
        await recordActivity(tx, actor, { action: "delete", area: "licenses", itemId: 1002 });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rowsOf(1002)).toEqual([]);
  });

  it("records the server's own work as the system", async () => {
    await recordActivity(db, systemActor, { action: "import", area: "hosting", itemId: 1003 });
    const [row] = await rowsOf(1003);
    expect(row).toMatchObject({ userId: null, via: "system", ipAddress: null });
  });
});

describe("actorOf", () => {
  const request = (auth: unknown) =>
    ({
      auth,
      ip: "198.51.100.4",
      headers: { "user-agent": "UA/1" },
    }) as unknown as FastifyRequest;
  const session = { id: "s", user: { id: 7, role: "user" } };

  it("takes the user from the session and the address from the server", () => {
    expect(actorOf(request(session))).toEqual({
      userId: 7,
      ipAddress: "198.51.100.4",
      userAgent: "UA/1",
      via: "session",
    });
  });

  it("says when the request came with an API token", () => {
    expect(actorOf(request({ ...session, via: "token" })).via).toBe("token");
  });

  it("names the user being signed in, or nobody, when there is no session yet", () => {
    expect(actorOf(request(null)).userId).toBeNull();
    expect(actorOf(request(null), 12).userId).toBe(12);
  });
});

describe("the log is append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE", async () => {
    await recordActivity(db, actor, { action: "create", area: "users", itemId: 1004 });
    await expect(
      db.update(activityLog).set({ userId: 1 }).where(eq(activityLog.itemId, 1004)),
    ).rejects.toThrow();
    await expect(db.delete(activityLog).where(eq(activityLog.itemId, 1004))).rejects.toThrow();
    await expect(db.execute(sql`truncate activity_log`)).rejects.toThrow();
    expect(await rowsOf(1004)).toHaveLength(1);
  });

  it("lets retention delete what is older than the retention, and only that", async () => {
    const now = new Date("2026-11-24T12:00:00Z");
    const day = 24 * 60 * 60 * 1000;
    await db.insert(activityLog).values([
      {
        ...actor,
        action: "create",
        area: "hardware",
        itemId: 1005,
        occurredAt: new Date(now.getTime() - 31 * day),
      },
      {
        ...actor,
        action: "create",
        area: "hardware",
        itemId: 1006,
        occurredAt: new Date(now.getTime() - 29 * day),
      },
    ]);
    const outcome = await pruneActivity(db, 30, now);
    expect(outcome).not.toBe("busy");
    expect(await rowsOf(1005)).toEqual([]);
    expect(await rowsOf(1006)).toHaveLength(1);
    // The permission ended with the retention's transaction.
    await expect(db.delete(activityLog).where(eq(activityLog.itemId, 1006))).rejects.toThrow();
  });
});
