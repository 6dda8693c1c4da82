// The embedded database's maintenance pass (maintenance.ts): it takes statistics and clears dead
// rows of the tables that changed enough, leaves the others, waits for an open transaction
// instead of running in it, and does nothing on PostgreSQL, where autovacuum does the job.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import type { Database, Db } from "./client";
import {
  createStatisticsRefresher,
  maintainEmbeddedDatabase,
  maintenanceDue,
  scheduleEmbeddedMaintenance,
} from "./maintenance";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const embedded = () => database.kind === "pglite";

async function insertLicenses(count: number) {
  await database.db.execute(sql`
    insert into licenses (name, license_key_ciphertext, license_key_masked)
    select 'Maintenance ' || n, 'x', '••••' from generate_series(1, ${count}) n`);
}

async function licenseStatistics() {
  const result = await database.db.execute(sql`
    select
      (select reltuples::float8 from pg_class
        where oid = to_regclass(current_schema() || '.licenses')) as reltuples,
      (select count(*)::int from pg_stats
        where schemaname = current_schema() and tablename = 'licenses') as columns`);
  const [row] = (result as unknown as { rows: { reltuples: number; columns: number }[] }).rows;
  return { reltuples: Number(row!.reltuples), columns: Number(row!.columns) };
}

async function deadLicenseRows() {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await database.db.execute(sql`
    select n_dead_tup::int as dead from pg_stat_user_tables
    where schemaname = current_schema() and relname = 'licenses'`);
  return Number((result as unknown as { rows: { dead: number }[] }).rows[0]!.dead);
}

describe("maintenanceDue", () => {
  const quiet = { table: "t", reltuples: 1000, modifiedSinceAnalyze: 0, deadRows: 0 };
  it("follows autovacuum's default thresholds", () => {
    expect(maintenanceDue({ ...quiet, insertedSinceVacuum: 0 })).toBeUndefined();
    expect(maintenanceDue({ ...quiet, insertedSinceVacuum: 0, reltuples: -1 })).toBe("analyze");
    expect(maintenanceDue({ ...quiet, insertedSinceVacuum: 0, modifiedSinceAnalyze: 150 })).toBe(
      undefined,
    );
    expect(maintenanceDue({ ...quiet, insertedSinceVacuum: 0, modifiedSinceAnalyze: 151 })).toBe(
      "analyze",
    );
    expect(maintenanceDue({ ...quiet, insertedSinceVacuum: 0, deadRows: 251 })).toBe("vacuum");
    expect(maintenanceDue({ ...quiet, insertedSinceVacuum: 1200 })).toBeUndefined();
    expect(maintenanceDue({ ...quiet, insertedSinceVacuum: 1201 })).toBe("vacuum");
  });
});

describe("the maintenance pass", () => {
  it("analyzes and vacuums the licenses after a bulk insert, and leaves them once done", async () => {
    await insertLicenses(1500);
    const done = await maintainEmbeddedDatabase(database);
    if (!embedded()) {
      expect(done).toEqual({ vacuumed: [], analyzed: [] });
      return;
    }
    expect(done.vacuumed).toContain("licenses");
    const statistics = await licenseStatistics();
    expect(statistics.reltuples).toBe(1500);
    expect(statistics.columns).toBeGreaterThan(0);
    const again = await maintainEmbeddedDatabase(database);
    expect([...again.vacuumed, ...again.analyzed]).not.toContain("licenses");
  });

  it("clears the dead rows of a large delete", async () => {
    if (!embedded()) return;
    await database.db.execute(sql`delete from licenses where name like 'Maintenance %'`);
    expect(await deadLicenseRows()).toBe(1500);
    const done = await maintainEmbeddedDatabase(database);
    expect(done.vacuumed).toContain("licenses");
    expect(await deadLicenseRows()).toBe(0);
    expect((await licenseStatistics()).reltuples).toBe(0);
  });

  it("waits for an open transaction instead of running inside it", async () => {
    if (!embedded()) return;
    let pass: Promise<unknown> | undefined;
    let passSettled = false;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into licenses (name, license_key_ciphertext, license_key_masked)
        select 'In transaction ' || n, 'x', '••••' from generate_series(1, 1500) n`);
      // On the transaction's connection VACUUM would fail ("cannot run inside a transaction
      // block"); on PGlite it queues behind the transaction.
      pass = maintainEmbeddedDatabase(database).finally(() => {
        passSettled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(passSettled).toBe(false);
    });
    await expect(pass).resolves.toMatchObject({ vacuumed: expect.arrayContaining(["licenses"]) });
    expect((await licenseStatistics()).reltuples).toBe(1500);
  });

  it("runs when scheduled, at once, and its stop waits for it", async () => {
    await database.db.execute(sql`delete from licenses`);
    await insertLicenses(700);
    const errors: unknown[] = [];
    const stop = scheduleEmbeddedMaintenance(database, 60 * 60_000, (error) => errors.push(error));
    await stop();
    expect(errors).toEqual([]);
    if (embedded()) expect((await licenseStatistics()).reltuples).toBe(700);
  });
});

describe("createStatisticsRefresher", () => {
  it("takes the table's statistics on either database; close waits for it", async () => {
    await database.db.execute(sql`delete from licenses`);
    await insertLicenses(321);
    const errors: unknown[] = [];
    const statistics = createStatisticsRefresher(database.db, (error) => errors.push(error));
    statistics.refresh("licenses");
    await statistics.close();
    expect(errors).toEqual([]);
    const taken = await licenseStatistics();
    expect(taken.reltuples).toBe(321);
    expect(taken.columns).toBeGreaterThan(0);
  });

  it("reports a failure instead of throwing it", async () => {
    const errors: [unknown, string][] = [];
    const statistics = createStatisticsRefresher(database.db, (error, table) =>
      errors.push([error, table]),
    );
    statistics.refresh("no_such_table");
    await statistics.close();
    expect(errors.map(([, table]) => table)).toEqual(["no_such_table"]);
  });

  /** The refresher starts an ANALYZE on the event loop's next turn (after the answer). */
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  /** A database whose ANALYZEs finish when the test says, one by one. */
  function heldDatabase() {
    const finishes: (() => void)[] = [];
    const execute = vi.fn(() => new Promise<void>((resolve) => finishes.push(resolve)));
    const finishNext = async () => {
      finishes.shift()!();
      // The pass's then/finally callbacks run before the next look.
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { db: { execute } as unknown as Db, execute, finishNext };
  }

  it("runs one ANALYZE per table at a time and once more for the asks made meanwhile", async () => {
    const held = heldDatabase();
    const statistics = createStatisticsRefresher(held.db, () => {});
    statistics.refresh("licenses");
    statistics.refresh("licenses");
    statistics.refresh("licenses");
    statistics.refresh("accounts");
    expect(held.execute).not.toHaveBeenCalled();
    await nextTurn();
    expect(held.execute).toHaveBeenCalledTimes(2);
    await held.finishNext();
    await nextTurn();
    expect(held.execute).toHaveBeenCalledTimes(3);
    await held.finishNext();
    await held.finishNext();
    await nextTurn();
    expect(held.execute).toHaveBeenCalledTimes(3);
  });

  it("close waits for the ANALYZE under way and starts no more", async () => {
    const held = heldDatabase();
    const statistics = createStatisticsRefresher(held.db, () => {});
    statistics.refresh("licenses");
    statistics.refresh("licenses");
    let closed = false;
    const closing = statistics.close().then(() => {
      closed = true;
    });
    statistics.refresh("accounts");
    await nextTurn();
    expect(closed).toBe(false);
    await held.finishNext();
    await closing;
    expect(closed).toBe(true);
    expect(held.execute).toHaveBeenCalledTimes(1);
  });
});
