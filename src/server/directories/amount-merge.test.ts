// The directory list by amount as a merge of a walk per currency (amount-merge.ts) gives every
// page the full sort gave: the sort's order, ties (the same converted amount in two currencies,
// names equal but for case), blank amounts last, both directions, from a cursor either way, from
// the end and by offset, with the status filters, and after a rate changes under a cursor. And
// its plan walks the indexes: nothing sorts more than the candidates.
import { and, isNull, Param, Placeholder, SQL, type SQLChunk, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import type { DirectoryStatusFilter } from "../../domain/enums";
import {
  type DirectoryListQuery,
  directoryCursors,
  directoryListQuerySchema,
} from "../../domain/schemas/directories";
import { loadCurrencyRates } from "../currency-rates/service";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows-of";
import { currencyRates, directories } from "../db/schema";
import { keysetWindow } from "../lib/keyset";
import { rateSql } from "../money/rates-sql";
import { amountMerge } from "./amount-merge";
import { directorySort, directoryStatusCondition } from "./list-query";
import { listDirectories } from "./service";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  // Amounts that tie across currencies at the default rates (AUD 1.00 × 0.67 = USD 0.67, EUR
  // 1.00 × 1.09 = USD 1.09, GBP 2.00 × 1.25 = USD 2.50) and within one; a currency without a rate
  // (converted one to one, written past the API); names equal but for case; blank amounts;
  // every status; some deleted.
  const pools: Record<string, (string | null)[]> = {
    USD: ["0.67", "1.09", "1.25", "2.50", "3.00", "0.01", null],
    AUD: ["1.00", "2.00", "3.00", "1.00"],
    EUR: ["1.00", "2.00", null],
    GBP: ["1.00", "2.00", "2.00"],
    XYZ: ["1.25", "0.67"],
  };
  const currencies = Object.keys(pools);
  const names = ["Alpha", "alpha", "Beta", "Gamma", "delta", "ALPHA"];
  for (let i = 0; i < 96; i++) {
    const currency = currencies[i % currencies.length]!;
    const pool = pools[currency]!;
    await database.db.execute(sql`
      insert into directories (name, payment_amount, payment_currency, is_one_time, is_cancelled,
        next_payment_date, deleted_at)
      values (${names[(i * 7) % names.length]}, ${pool[(i * 3) % pool.length]}::numeric,
        ${currency}, ${i % 4 === 0}, ${i % 6 === 0}, '2030-01-01',
        ${i % 17 === 0 ? sql`now()` : sql`null`})`);
  }
});
afterAll(() => database.close());

const query = (fields: Record<string, unknown>): DirectoryListQuery =>
  directoryListQuerySchema.parse({ sort: "paymentAmount", limit: 4, ...fields });

/** A page as the list answers it now: its ids in list order and its cursors. */
async function mergedPage(fields: Record<string, unknown>) {
  const page = await listDirectories(database.db, query(fields));
  return { ids: page.directories.map((row) => row.id), cursors: page.cursors };
}

/** The same page as the full sort read it before the merge (the list's query, every listing). */
async function sortedPage(fields: Record<string, unknown>) {
  const parsed = query(fields);
  const sort = directorySort("paymentAmount", rateSql(await loadCurrencyRates(database.db), "USD"));
  const window = keysetWindow(sort, parsed.order, directoryCursors, "paymentAmount", parsed);
  const rows = await database.db
    .select({ id: directories.id })
    .from(directories)
    .where(
      and(isNull(directories.deletedAt), directoryStatusCondition(parsed.status), window.where),
    )
    .orderBy(...window.orderBy)
    .limit(parsed.limit!)
    .offset(parsed.offset ?? 0)
    .execute(window.values);
  const ids = rows.map((row) => row.id);
  return window.reversed ? ids.reverse() : ids;
}

/** The page both ways: they must agree. */
async function page(fields: Record<string, unknown>) {
  const merged = await mergedPage(fields);
  expect(merged.ids, JSON.stringify(fields)).toEqual(await sortedPage(fields));
  return merged;
}

/** The whole list in the full sort's order. */
const everything = (fields: Record<string, unknown>) => sortedPage({ ...fields, limit: 500 });

const statuses: DirectoryStatusFilter[] = ["all", "active", "cancelled"];

describe("the directory list by amount, merged per currency", () => {
  for (const status of statuses) {
    for (const order of ["asc", "desc"] as const) {
      const list = { status, order };
      it(`${status}, ${order}: every page forwards from page 1 is the full sort's`, async () => {
        const seen: number[] = [];
        let fields: Record<string, unknown> = list;
        for (;;) {
          const { ids, cursors } = await page(fields);
          if (!cursors) break;
          seen.push(...ids);
          fields = { ...list, after: cursors.next };
        }
        const all = await everything(list);
        expect(all.length).toBeGreaterThan(8);
        expect(seen).toEqual(all);
      });

      it(`${status}, ${order}: every page backwards from the end is the full sort's`, async () => {
        const seen: number[] = [];
        let fields: Record<string, unknown> = { ...list, fromEnd: true };
        for (;;) {
          const { ids, cursors } = await page(fields);
          if (!cursors) break;
          seen.unshift(...ids);
          fields = { ...list, before: cursors.prev };
        }
        expect(seen).toEqual(await everything(list));
      });

      it(`${status}, ${order}: pages by offset, from the start, the end and a cursor`, async () => {
        const all = await everything(list);
        for (const offset of [0, 3, 9, all.length - 2]) {
          await page({ ...list, offset });
          await page({ ...list, offset, fromEnd: true });
        }
        const { cursors } = await page(list);
        await page({ ...list, after: cursors!.next, offset: 5 });
        await page({ ...list, before: (await page({ ...list, offset: 12 })).cursors!.prev });
      });
    }
  }

  it("pages on from a cursor made before a rate changed as the full sort does", async () => {
    const list = { status: "all", order: "asc" };
    const second = await page({ ...list, offset: 16 });
    const cursors = second.cursors!;
    // The cursor holds a converted amount at the old rates; the rows around it move.
    await database.db.insert(currencyRates).values([
      { fromCurrency: "AUD", toCurrency: "USD", rate: 0.654321 },
      { fromCurrency: "GBP", toCurrency: "USD", rate: 1.3 },
    ]);
    for (const order of ["asc", "desc"] as const) {
      let after: Record<string, unknown> = { ...list, order, after: cursors.next };
      let before: Record<string, unknown> = { ...list, order, before: cursors.prev };
      for (let turn = 0; turn < 6; turn++) {
        const next = await page(after);
        const previous = await page(before);
        if (next.cursors) after = { ...list, order, after: next.cursors.next };
        if (previous.cursors) before = { ...list, order, before: previous.cursors.prev };
      }
    }
    await database.db.delete(currencyRates);
  });
});

/** A statement with its placeholders (the cursor's values) filled in, for EXPLAIN. */
function filled(statement: SQL, values: Record<string, unknown>): SQL {
  const fill = (chunk: unknown): unknown => {
    if (chunk instanceof Placeholder) return new Param(values[chunk.name]);
    if (chunk instanceof SQL) return new SQL(chunk.queryChunks.map(fill) as SQLChunk[]);
    return chunk;
  };
  return fill(statement) as SQL;
}

describe("the plan of a page by amount", () => {
  beforeAll(async () => {
    await database.db.execute(sql`analyze directories`);
  });
  const windows: [string, Record<string, unknown>][] = [
    ["page 1", {}],
    ["from the end", { fromEnd: true }],
    ["after a cursor", { after: "cursor" }],
    ["before a cursor", { before: "cursor" }],
  ];
  for (const order of ["asc", "desc"] as const) {
    for (const [label, fields] of windows) {
      it(`${order}, ${label}: walks of the amount indexes, only the candidates sorted`, async () => {
        const rates = await loadCurrencyRates(database.db);
        const anchor = await mergedPage({ order, offset: 8 });
        const parsed = query({
          order,
          ...fields,
          ...(fields.after ? { after: anchor.cursors!.next } : {}),
          ...(fields.before ? { before: anchor.cursors!.prev } : {}),
        });
        const sort = directorySort("paymentAmount", rateSql(rates, "USD"));
        const window = keysetWindow(sort, order, directoryCursors, "paymentAmount", parsed);
        const merge = await amountMerge(database.db, rates, "USD", parsed);
        const where = isNull(directories.deletedAt);
        const statement = database.db
          .select({ id: directories.id })
          .from(directories)
          .where(and(where, window.where, merge!(where, order, window)))
          .orderBy(...window.orderBy)
          .limit(4);
        const plan = await database.db.transaction(async (tx) => {
          // As the table grows: no reading the whole table instead of walking its indexes.
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_bitmapscan = off`);
          const result = await tx.execute(
            sql`explain (costs off) ${filled(statement.getSQL(), window.values)}`,
          );
          return rowsOf<Record<string, unknown>>(result)
            .map((row) => String(Object.values(row)[0]))
            .join("\n");
        });
        expect(plan).not.toMatch(/Seq Scan/);
        expect(plan).toMatch(
          /Index (Only )?Scan (Backward )?using directories_currency_amount_order_idx/,
        );
        // One sort, of the candidates (id = ANY of the walks), at the top.
        const sorts = plan
          .split("\n")
          .filter((line) => /^(->\s+)?(Incremental )?Sort$/.test(line.trim()));
        expect(sorts, plan).toHaveLength(1);
        expect(plan).toMatch(
          /->\s+Sort\n.*\n\s+->\s+Index (Only )?Scan .*\n\s+Index Cond: \(id = ANY/,
        );
        const walks = plan
          .split("\n")
          .filter((line) => /using directories_(currency|blank)_amount_order_idx/.test(line));
        expect(walks.length).toBeGreaterThanOrEqual(4);
      });
    }
  }
});
