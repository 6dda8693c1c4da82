import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, usingPostgres } from "../../../tests/support/test-database";
import type { Database, Executor } from "./client";
import { lightRead } from "./light-read";
import { rowsOf } from "./rows-of";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const settings = async (db: Executor) => {
  const [row] = rowsOf<{ jit: string; workers: string }>(
    await db.execute(sql`select current_setting('jit') as jit,
      current_setting('max_parallel_workers_per_gather') as workers`),
  );
  return row!;
};

describe("lightRead", () => {
  it("turns JIT and parallel workers off for its own transaction, and only there", async () => {
    const db = database.db;
    const before = await settings(db);
    // PostgreSQL plans with workers by default; PGlite, a single process, never does.
    if (usingPostgres()) expect(before.workers).not.toBe("0");
    const inside = await lightRead(db, (tx) => settings(tx));
    expect(inside).toEqual({ jit: "off", workers: "0" });
    expect(await settings(db)).toEqual(before);
  });
});
