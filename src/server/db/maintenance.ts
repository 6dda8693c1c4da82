// Statistics and dead rows on the embedded database. PGlite runs PostgreSQL in one process with
// no autovacuum launcher, so nothing ever ANALYZEs or VACUUMs it: the planner works on guesses
// (Renews Soon's grouped plan ran 4x slower than the naive one without statistics, 3x faster with
// them), deleted and updated rows stay in the heap, and count(*) cannot use index-only scans
// (those need the visibility map that VACUUM keeps). This pass does autovacuum's job with
// autovacuum's own default thresholds, read from the statistics counters, which PGlite keeps.
// PostgreSQL runs autovacuum itself: there the pass does nothing, and only bulk imports analyze
// their table at once (standard after a bulk load) instead of waiting for the next autovacuum,
// after their answer (createStatisticsRefresher, decision 0065).
//
// PGlite has one connection: while a table is vacuumed, requests wait. At 50,000 licenses (250,000
// assignments) the pass after the seed took 2.8-3.2 s and a vacuum of the licenses after a quarter
// of them changed 2.9-4.4 s, on a machine loaded about 10 times over; a pass with nothing due
// takes a few milliseconds (decision 0028's amendment). Such passes follow bulk changes only.
// It always runs on the database, never on a transaction (VACUUM cannot run in one): PGlite
// queues it behind an open transaction, which is also why a request never waits inside one.
import { sql } from "drizzle-orm";
import { recordJobRun } from "../lib/job-metrics";
import type { Database, Db } from "./client";
import { rowsOf } from "./rows-of";

// autovacuum_analyze_threshold/scale_factor, autovacuum_vacuum_threshold/scale_factor and
// autovacuum_vacuum_insert_threshold/scale_factor, PostgreSQL's defaults.
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const VACUUM_INSERT_BASE = 1000;
const VACUUM_INSERT_SCALE = 0.2;

export interface MaintenanceResult {
  /** Tables vacuumed (and analyzed). */
  vacuumed: string[];
  /** Tables only analyzed. */
  analyzed: string[];
}

interface TableCounters {
  table: string;
  /** -1 until the table is first analyzed or vacuumed. */
  reltuples: number;
  modifiedSinceAnalyze: number;
  deadRows: number;
  insertedSinceVacuum: number;
}

async function tableCounters(db: Db): Promise<TableCounters[]> {
  // The counters reach the shared statistics when the session is idle, at most once a second;
  // forcing the flush makes the writes just made (a seed, an import) count in this pass.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await db.execute(sql`
    select stat.relname as "table", class.reltuples::float8 as reltuples,
      stat.n_mod_since_analyze::int8 as "modifiedSinceAnalyze", stat.n_dead_tup::int8 as "deadRows",
      stat.n_ins_since_vacuum::int8 as "insertedSinceVacuum"
    from pg_stat_user_tables stat
    join pg_class class on class.oid = stat.relid
    where stat.schemaname = current_schema()
    order by stat.relname`);
  return rowsOf<Record<keyof TableCounters, string | number>>(result).map((row) => ({
    table: String(row.table),
    reltuples: Number(row.reltuples),
    modifiedSinceAnalyze: Number(row.modifiedSinceAnalyze),
    deadRows: Number(row.deadRows),
    insertedSinceVacuum: Number(row.insertedSinceVacuum),
  }));
}

/** What autovacuum would do to the table now: vacuum (with analyze), analyze, or nothing. */
export function maintenanceDue(counters: TableCounters): "vacuum" | "analyze" | undefined {
  const rows = Math.max(counters.reltuples, 0);
  if (
    counters.deadRows > VACUUM_BASE + VACUUM_SCALE * rows ||
    counters.insertedSinceVacuum > VACUUM_INSERT_BASE + VACUUM_INSERT_SCALE * rows
  ) {
    return "vacuum";
  }
  // Never analyzed: a new database, or counters lost with an unclean stop; cheap when small.
  if (counters.reltuples < 0 || counters.modifiedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * rows)
    return "analyze";
  return undefined;
}

/** One pass over the embedded database's tables; nothing on PostgreSQL (autovacuum's job). */
export async function maintainEmbeddedDatabase(database: Database): Promise<MaintenanceResult> {
  const done: MaintenanceResult = { vacuumed: [], analyzed: [] };
  if (database.kind !== "pglite") return done;
  for (const counters of await tableCounters(database.db)) {
    const due = maintenanceDue(counters);
    const table = sql.identifier(counters.table);
    if (due === "vacuum") {
      await database.db.execute(sql`vacuum (analyze) ${table}`);
      done.vacuumed.push(counters.table);
    } else if (due === "analyze") {
      await database.db.execute(sql`analyze ${table}`);
      done.analyzed.push(counters.table);
    }
  }
  return done;
}

/**
 * Runs the pass now (after migrations and the demo seed) and then every `intervalMs`; the returned
 * stop waits for a pass under way, so the database is not closed under it.
 */
export function scheduleEmbeddedMaintenance(
  database: Database,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  if (database.kind !== "pglite") return async () => {};
  let running: Promise<unknown> | undefined;
  const run = () => {
    // A pass slower than the interval is not stacked behind itself.
    running ??= maintainEmbeddedDatabase(database)
      .then(
        () => recordJobRun("embedded_maintenance", "success"),
        (error: unknown) => {
          recordJobRun("embedded_maintenance", "failure");
          onError(error);
        },
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Statistics for a table after a bulk write, taken after the write's answer has gone. */
export interface StatisticsRefresher {
  /**
   * ANALYZEs the table soon, without waiting for it: called once a bulk write has committed (never
   * inside its transaction: the rows would not be visible to it), so the next requests are not
   * planned on the table's old size. One ANALYZE per table at a time: asked again while one runs,
   * the table is analyzed once more after it (the rows written meanwhile), not once per ask.
   */
  refresh(table: string): void;
  /** Resolves once no ANALYZE is under way or asked for (what a test of a bulk write awaits). */
  idle(): Promise<void>;
  /** Waits for the ANALYZEs under way and starts no more: before the database is closed. */
  close(): Promise<void>;
}

/**
 * The application's refresher. On PostgreSQL an ANALYZE of the licenses after a 10,000-row import
 * took 0.5-3 s (mostly the key search's array column): awaited, the import's answer waited for it.
 * A failure leaves the statistics to the next pass (autovacuum, or the embedded pass) and is only
 * reported: the write it follows has committed.
 */
export function createStatisticsRefresher(
  db: Db,
  onError: (error: unknown, table: string) => void,
): StatisticsRefresher {
  const running = new Map<string, Promise<void>>();
  const askedAgain = new Set<string>();
  let closed = false;
  const refresh = (table: string) => {
    if (closed) return;
    if (running.has(table)) {
      askedAgain.add(table);
      return;
    }
    // Started on the next turn of the event loop, once the answer has been written: PGlite runs
    // on this thread, so an ANALYZE started at once would hold the answer until it finished.
    const pass = new Promise((resolve) => setImmediate(resolve))
      .then(() => db.execute(sql`analyze ${sql.identifier(table)}`))
      .then(
        () => {},
        (error: unknown) => onError(error, table),
      )
      .finally(() => {
        running.delete(table);
        if (askedAgain.delete(table)) refresh(table);
      });
    running.set(table, pass);
  };
  const idle = async () => {
    while (running.size > 0) await Promise.all(running.values());
  };
  return {
    refresh,
    idle,
    async close() {
      closed = true;
      askedAgain.clear();
      await idle();
    },
  };
}
