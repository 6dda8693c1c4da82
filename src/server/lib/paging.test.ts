// The list kit's estimated totals (decision 0029), on the real planner statistics: a table of
// its own (a narrow id and a text column whose width sets the rows per page), analyzed or not,
// on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import type { Database } from "../db/client";
import { LARGE_TABLE_ROWS, type PageBounds, selectPage } from "./paging";

const probe = pgTable("paging_estimate_probe", {
  id: integer("id").primaryKey(),
  pad: text("pad").notNull(),
});

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  // Autovacuum (PostgreSQL) would analyze it at its own moment; the tests say when.
  await database.db.execute(sql`create table paging_estimate_probe (id integer primary key,
    pad text not null) with (autovacuum_enabled = false)`);
}, 60_000);
afterAll(() => database?.close());

/** Rows first..last, each with a pad of `width` characters. */
const insert = (first: number, last: number, width: number) =>
  database.db.execute(sql`insert into paging_estimate_probe
    select g, repeat('x', ${width}) from generate_series(${first}::int, ${last}::int) as g`);

const analyze = () => database.db.execute(sql`analyze paging_estimate_probe`);

const page = (bounds: PageBounds, where?: ReturnType<typeof sql>) =>
  selectPage(database.db, {
    from: probe,
    where,
    bounds,
    select: (total) =>
      database.db
        .select({ id: probe.id, total })
        .from(probe)
        .where(where)
        .orderBy(probe.id)
        .$dynamic(),
  });

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

describe("selectPage with estimate", () => {
  it("counts a table that was never analyzed, however large", async () => {
    await insert(1, LARGE_TABLE_ROWS + 20_000, 40);
    const first = await page({ limit: 50, offset: 0, estimate: true });
    expect(first).toMatchObject({ total: LARGE_TABLE_ROWS + 20_000, estimated: false });
    expect(ids(first.rows)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  }, 60_000);

  it("answers the planner's estimate once analyzed, and follows growth until the next analyze", async () => {
    await analyze();
    const first = await page({ limit: 50, offset: 0, estimate: true });
    expect(first.estimated).toBe(true);
    // ANALYZE samples 30,000 rows and extrapolates: close, not exact.
    expect(first.total).toBeGreaterThan((LARGE_TABLE_ROWS + 20_000) * 0.95);
    expect(first.total).toBeLessThan((LARGE_TABLE_ROWS + 20_000) * 1.05);
    expect(ids(first.rows)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    // As many rows again, same width, no analyze: the density times the pages now.
    await insert(LARGE_TABLE_ROWS + 20_001, 2 * (LARGE_TABLE_ROWS + 20_000), 40);
    const grown = await page({ limit: 50, offset: 50, estimate: true });
    expect(grown.estimated).toBe(true);
    expect(grown.total).toBeGreaterThan(2 * (LARGE_TABLE_ROWS + 20_000) * 0.95);
    expect(grown.total).toBeLessThan(2 * (LARGE_TABLE_ROWS + 20_000) * 1.05);
  }, 60_000);

  it("estimates in a prepared page statement too (no value in its text)", async () => {
    const prepared = await selectPage(database.db, {
      from: probe,
      where: undefined,
      bounds: { limit: 50, offset: 50, estimate: true },
      statement: { list: "paging_estimate_probe", shape: "all", values: {} },
      select: (total) =>
        database.db.select({ id: probe.id, total }).from(probe).orderBy(probe.id).$dynamic(),
    });
    expect(prepared.estimated).toBe(true);
    expect(prepared.total).toBeGreaterThan(2 * (LARGE_TABLE_ROWS + 20_000) * 0.95);
    expect(ids(prepared.rows)[0]).toBe(51);
  });

  it("counts whatever narrows the list, a list that did not ask, and a page whose total is known", async () => {
    const all = 2 * (LARGE_TABLE_ROWS + 20_000);
    const filtered = await page({ limit: 50, estimate: true }, sql`${probe.id} > 1000`);
    expect(filtered).toMatchObject({ total: all - 1000, estimated: false });
    expect(await page({ limit: 50 })).toMatchObject({ total: all, estimated: false });
    expect(await page({ limit: 50, offset: 50, withTotal: false, estimate: true })).toMatchObject({
      total: null,
      estimated: false,
    });
    // Unpaged: the whole list, no total.
    const whole = await page({ estimate: true }, sql`${probe.id} <= 3`);
    expect(whole).toMatchObject({ total: null, estimated: false });
    expect(ids(whole.rows)).toEqual([1, 2, 3]);
  });

  it("tells the exact total from the last, short page", async () => {
    const all = 2 * (LARGE_TABLE_ROWS + 20_000);
    const last = await page({ limit: 50, offset: all - 20, estimate: true });
    expect(ids(last.rows)).toHaveLength(20);
    expect(last).toMatchObject({ total: all, estimated: false });
  });
});

describe("selectPage with an estimate far from the rows", () => {
  it("counts exactly a page past the end of an estimate that is too high", async () => {
    // Statistics of a table twice as full: deleted rows keep their pages until a vacuum.
    await database.db.execute(
      sql`delete from paging_estimate_probe where id > ${LARGE_TABLE_ROWS + 20_000}`,
    );
    const first = await page({ limit: 50, estimate: true });
    expect(first.estimated).toBe(true);
    expect(first.total).toBeGreaterThan(2 * (LARGE_TABLE_ROWS + 20_000) * 0.95);
    // The pager's last page by that estimate holds no rows: counted, exact, to move back by.
    const lastByEstimate = Math.floor((first.total! - 1) / 50) * 50;
    const past = await page({ limit: 50, offset: lastByEstimate, estimate: true });
    expect(past).toMatchObject({ rows: [], total: LARGE_TABLE_ROWS + 20_000, estimated: false });
  });

  it("offers the next page when the estimate ends the list before a full page's rows", async () => {
    // Analyzed on wide rows, then many narrow ones added: few pages for many rows, so the
    // estimate (the wide rows' density times the pages) falls short of the rows.
    await database.db.execute(sql`truncate paging_estimate_probe`);
    await insert(1, LARGE_TABLE_ROWS, 400);
    await analyze();
    await insert(LARGE_TABLE_ROWS + 1, 4 * LARGE_TABLE_ROWS, 1);
    const first = await page({ limit: 50, estimate: true });
    expect(first.estimated).toBe(true);
    expect(first.total).toBeLessThan(3 * LARGE_TABLE_ROWS);

    const atEstimate = Math.floor((first.total! - 1) / 50) * 50;
    const full = await page({ limit: 50, offset: atEstimate, estimate: true });
    expect(ids(full.rows)).toHaveLength(50);
    expect(full).toMatchObject({ total: atEstimate + 51, estimated: true });
    // The screen's next page: still rows, and so on until a short or an empty page ends it.
    const next = await page({ limit: 50, offset: atEstimate + 50, estimate: true });
    expect(ids(next.rows)[0]).toBe(atEstimate + 51);
    const end = await page({ limit: 50, offset: 4 * LARGE_TABLE_ROWS, estimate: true });
    expect(end).toMatchObject({ rows: [], total: 4 * LARGE_TABLE_ROWS, estimated: false });
  }, 60_000);
});
