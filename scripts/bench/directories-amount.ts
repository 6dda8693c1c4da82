// Benchmark: the directory list by amount, merged per currency (directories/amount-merge.ts)
// against the full sort it replaced (every listing converted and sorted: the same page statement
// without the candidates), side by side in one process: page 1, a page from a cursor halfway and
// the last page from the end, each way, each with its total as the list sends it; and the list
// by name beside them.
// Usage: npx tsx scripts/bench/directories-amount.ts [listings=50000] [rounds=5] [iterations=10]
//   [total=counted|kept]: `kept` asks every page withTotal=false, as the client kit turns a page
//   once it knows the total: the order's own cost, without the count of every listing.
// Uses in-memory PGlite, or PostgreSQL when BENCH_DATABASE_URL is set (a scratch database the
// script creates and drops). The rounds alternate the two ways call by call, so a slower spell of
// this shared machine falls on both; prints each case's median over all calls. Asserts nothing.
import { performance } from "node:perf_hooks";
import { and, isNull, sql } from "drizzle-orm";
import {
  type DirectoryListQuery,
  directoryCursors,
  directoryListQuerySchema,
} from "../../src/domain/schemas/directories";
import { loadCurrencyRates } from "../../src/server/currency-rates/service";
import type { Db } from "../../src/server/db/client";
import { directories } from "../../src/server/db/schema";
import { directoryColumns } from "../../src/server/directories/directory-response";
import { directorySort, directoryStatusCondition } from "../../src/server/directories/list-query";
import { listDirectories } from "../../src/server/directories/service";
import { selectKeysetPage } from "../../src/server/lib/keyset";
import { rateSql } from "../../src/server/money/rates-sql";
import { openBenchDatabase } from "./bench-data";
import { seedBenchDirectories } from "./directories-data";

const listingCount = Number(process.argv[2] ?? 50_000);
const rounds = Number(process.argv[3] ?? 5);
const iterations = Number(process.argv[4] ?? 10);
const withTotal = process.argv[5] !== "kept";

/** The page as the list read it before the merge: every listing converted and sorted. */
async function fullSortPage(db: Db, query: DirectoryListQuery) {
  const where = and(isNull(directories.deletedAt), directoryStatusCondition(query.status));
  const sort = directorySort("paymentAmount", rateSql(await loadCurrencyRates(db), "USD"));
  return selectKeysetPage(db, {
    cursors: directoryCursors,
    sortName: query.sort,
    sort,
    order: query.order,
    query,
    from: directories,
    where,
    bounds: query,
    select: (total, cursor, window) =>
      db
        .select({ directory: directoryColumns, cursor, total })
        .from(directories)
        .where(and(where, window.where))
        .orderBy(...window.orderBy)
        .$dynamic(),
    idOf: (row) => row.directory.id,
    statement: { list: "directories-full-sort", shape: undefined, values: {} },
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main() {
  const database = await openBenchDatabase();
  const db = database.db;
  await seedBenchDirectories(db, {
    listings: listingCount,
    reviews: 0,
    locations: 50,
    overLicenses: 1,
  });
  await db.execute(sql`vacuum (analyze) directories`);
  const parse = (fields: Record<string, unknown>) =>
    directoryListQuerySchema.parse({ sort: "paymentAmount", limit: 50, withTotal, ...fields });

  const cases: [string, DirectoryListQuery][] = [];
  for (const order of ["asc", "desc"] as const) {
    const halfway = await fullSortPage(
      db,
      parse({ order, offset: Math.floor(listingCount / 2), withTotal: false }),
    );
    cases.push(
      [`${order}, page 1`, parse({ order })],
      [`${order}, from a cursor halfway`, parse({ order, after: halfway.cursors!.next })],
      [`${order}, last page from the end`, parse({ order, fromEnd: true })],
    );
  }
  const times = new Map<string, { merged: number[]; sorted: number[] }>();
  for (const [label] of cases) times.set(label, { merged: [], sorted: [] });
  // Beside them the list by name, an index walk with the same total counted: what is left of a
  // page when its order costs nothing.
  const byName = directoryListQuerySchema.parse({ sort: "name", limit: 50, withTotal });
  const nameTimes: number[] = [];
  const time = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  for (let round = 0; round < rounds; round++) {
    for (const [label, query] of cases) {
      const entry = times.get(label)!;
      for (let i = 0; i < iterations; i++) {
        // Alternating which goes first, so neither always runs on the other's warm cache.
        const merged = () => listDirectories(db, query);
        const sorted = () => fullSortPage(db, query);
        nameTimes.push(await time(() => listDirectories(db, byName)));
        if (i % 2 === 0) {
          entry.merged.push(await time(merged));
          entry.sorted.push(await time(sorted));
        } else {
          entry.sorted.push(await time(sorted));
          entry.merged.push(await time(merged));
        }
      }
    }
  }
  console.log(
    `${listingCount} listings on ${database.kind}, total ${withTotal ? "counted" : "kept"}; medians over ${rounds}×${iterations} calls each`,
  );
  console.log("by amount | full sort ms | merged ms");
  for (const [label, entry] of times) {
    console.log(
      `${label} | ${median(entry.sorted).toFixed(2)} | ${median(entry.merged).toFixed(2)}`,
    );
  }
  console.log(`by name, page 1 (an index walk, the same total) | ${median(nameTimes).toFixed(2)}`);
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
