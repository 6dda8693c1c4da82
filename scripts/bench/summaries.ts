// Benchmark: the summaries of issue 30 item 7 (Expense Analysis' summary, the trust reviews'
// summary cards and the expense calendar's month) and the dashboard's summary with its unused
// seats (issue 33) at several sizes, side by side. Usage:
//   npx tsx scripts/bench/summaries.ts [--sizes 1000,10000,50000] [--rounds 5] [--explain]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/...
// For each size a scratch database (PGlite in memory, or a PostgreSQL database created and
// dropped) gets the bench's licenses (seedBenchLicenses) and the other areas in proportion
// (summaries-data.ts), the real application answers each call through inject, and the statements
// the call sent are recorded and run again directly on the driver: their time is the call's
// "SQL" (a call that names a pattern: only its statements that match, e.g. the unused seats' one
// of the dashboard's summary). The assignments are five per license, one in 10 with a sign-in
// (admin-lists-data.ts), as the unused seats' statement reads them. Each round takes every call once; the figures are medians over the rounds with the
// spread (min-max), and each size's SQL ÷ the smallest size's. --explain prints EXPLAIN ANALYZE
// of every statement of each call at each size (to find what grows). Asserts nothing.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { todayIso } from "../../src/domain/dates";
import { createSecrets } from "../../src/server/lib/secrets";
import { seedBenchSignIns } from "./admin-lists-data";
import { openBenchDatabase, seedBenchLicenses } from "./bench-data";
import { benchSignIn, buildBenchApp } from "./inject-app";
import { seedBenchSummaries } from "./summaries-data";

function option(name: string) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
const sizes = (option("sizes") ?? "1000,10000,50000").split(",").map(Number);
const rounds = Number(option("rounds") ?? 5);
const explain = process.argv.includes("--explain");

const month = todayIso().slice(0, 7);
/** [label, URL, the statements its SQL figure replays (all when absent)]. */
const SUMMARY_CALLS: readonly (readonly [string, string, RegExp?])[] = [
  ["expense summary", "/api/expenses/summary?currency=AUD"],
  ["trust-review summary", "/api/trust-reviews/summary?currency=AUD"],
  ["calendar month", `/api/expenses/calendar?month=${month}&currency=AUD`],
  ["dashboard summary (administrator)", "/api/dashboard/summary"],
  // The unused seats, office and G Suite accounts (dashboard/unused-summary.ts): HTTP is the
  // whole summary's, SQL that statement's alone.
  ["dashboard summary, its unused seats' statement", "/api/dashboard/summary", /'seat' as kind/],
];

type QueryFn = (...args: unknown[]) => Promise<unknown>;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1]!;
const spread = (values: number[], format: (value: number) => string) =>
  values.some(Number.isNaN)
    ? "-"
    : `${format(median(values))} (${format(Math.min(...values))}-${format(Math.max(...values))})`;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

async function measureSize(licenses: number) {
  const database = await openBenchDatabase();
  const secrets = createSecrets(randomBytes(32));
  try {
    await seedBenchLicenses(database.db, secrets, {
      licenses,
      assignments: licenses * 5,
      users: Math.max(500, Math.round(licenses / 2)),
    });
    await seedBenchSummaries(database.db, secrets, { licenses });
    await seedBenchSignIns(database.db, secrets, { licenses });
    await database.db.execute(sql`vacuum (analyze)`);
    // The expense calls run in a transaction (lightRead), on a client of the pool rather than
    // through the pool's own query(): every client's query() is recorded (begin, `set local`
    // and commit included) and the statements are run again in the same order on one client kept
    // for that, so the replay has the call's settings too.
    const replay = await replayClient(database.db);
    let captured: unknown[][] | null = null;
    const stopRecording = replay
      ? recordQueries(replay.client, (args) => captured?.push(args))
      : () => {};
    const app = await buildBenchApp(database, secrets);
    const cookie = await benchSignIn(app);
    const headers = { cookie, "x-requested-with": "XMLHttpRequest" };
    const figures = new Map(
      SUMMARY_CALLS.map(([label]) => [label, { http: [] as number[], sql: [] as number[] }]),
    );
    try {
      for (let round = -1; round < rounds; round++) {
        for (const [label, url, only] of SUMMARY_CALLS) {
          captured = [];
          const started = performance.now();
          const response = await app.inject({ method: "GET", url, headers });
          const http = performance.now() - started;
          const statements = only
            ? captured.filter((args) => only.test(statementText(args)))
            : captured;
          captured = null;
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
          let sqlMs = Number.NaN;
          if (replay) {
            const replayStarted = performance.now();
            for (const args of statements) await replay.query(...args);
            sqlMs = performance.now() - replayStarted;
          }
          if (round < 0) {
            if (explain && replay) await printPlans(label, licenses, statements, replay.query);
            continue; // a warm-up round
          }
          figures.get(label)!.http.push(http);
          figures.get(label)!.sql.push(sqlMs);
        }
      }
    } finally {
      stopRecording();
      replay?.release();
      await app.close();
    }
    return { kind: database.kind, figures };
  } finally {
    await database.close();
  }
}

/**
 * A client of its own for the replays (PostgreSQL: one of the pool's). PGlite runs a
 * transaction's statements on an object of its own, out of reach of a recorder: no SQL figure.
 */
async function replayClient(db: unknown) {
  const driver = (db as { $client: { connect?: () => Promise<PooledClient> } }).$client;
  if (!driver.connect) return null;
  const client = await driver.connect();
  await client.query("set jit = off");
  return { client, query: client.query.bind(client) as QueryFn, release: () => client.release() };
}
interface PooledClient {
  query: QueryFn;
  release(): void;
}

/** Calls `record` with the arguments of every client's query() except `own`'s. */
function recordQueries(own: unknown, record: (args: unknown[]) => void) {
  const prototype = pg.Client.prototype as unknown as { query: QueryFn };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    // pool.query() passes a callback: recorded without it, so the replay awaits a promise.
    if (this !== own) record(args.filter((arg) => typeof arg !== "function"));
    return original.apply(this, args);
  };
  return () => {
    prototype.query = original;
  };
}

function statementText(args: unknown[]) {
  const first = args[0] as string | { text: string };
  return typeof first === "string" ? first : first.text;
}

/** EXPLAIN ANALYZE of each recorded statement that reads (not the transaction's own). */
async function printPlans(label: string, size: number, statements: unknown[][], query: QueryFn) {
  for (const args of statements) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof first === "string" ? first : first.text;
    const values = typeof first === "string" ? args[1] : (first.values ?? args[1]);
    if (!/^\s*(select|with)/i.test(text)) continue;
    const result = (await query(`explain (analyze, buffers) ${text}`, values)) as {
      rows: Record<string, string>[];
    };
    console.log(`--- ${label} at ${size}:\n${text.slice(0, 300).replace(/\s+/g, " ")}`);
    for (const row of result.rows) console.log(Object.values(row)[0]);
  }
}

async function main() {
  const results: { size: number; figures: Awaited<ReturnType<typeof measureSize>>["figures"] }[] =
    [];
  let kind = "";
  for (const size of sizes) {
    const measured = await measureSize(size);
    kind = measured.kind;
    results.push({ size, figures: measured.figures });
  }
  console.log(
    `Summaries on ${kind}: per license a trust review, a G Suite account, an office account and a directory listing; ${rounds} rounds, medians (min-max); node ${process.version}`,
  );
  console.log("call | licenses | HTTP p50 ms | SQL ms | SQL ÷ smallest");
  const base = results[0]!;
  for (const [label] of SUMMARY_CALLS) {
    for (const { size, figures } of results) {
      const f = figures.get(label)!;
      const baseSql = base.figures.get(label)!.sql;
      const ratios = f.sql.map((value, i) => value / baseSql[i]!);
      console.log(
        `${label} | ${size} | ${spread(f.http, ms)} | ${spread(f.sql, ms)} | ${spread(ratios, (v) => `${v.toFixed(1)}×`)}`,
      );
    }
  }
}

await main();
