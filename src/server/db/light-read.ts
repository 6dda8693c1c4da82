// A read of what one screen shows, run with PostgreSQL's JIT compilation and parallel workers off.
// Both are set up per statement and pay off only for statements that process many rows, which
// these are planned not to do, but the planner's estimates can still cross their thresholds:
// - JIT: the expense statements compute a few expressions over every license, and their row
//   estimates (set-returning joins, date arithmetic) crossed jit_above_cost; compiling then took
//   1.7 s for a statement that runs in under 100 ms (20,000 licenses, scripts/bench/expenses-list.ts).
// - Parallel workers: the dashboard's Renews Soon groups 50,000 licenses' purchase dates in 17 ms
//   of work, but planned with two workers it took 161 ms, nearly all of it starting them
//   (PostgreSQL 15 on the bench machine: about 45 ms a launch even for a 3 ms statement).
// `set local` lasts for this read's transaction only. PGlite has neither and accepts both settings.
import { sql } from "drizzle-orm";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";
import type { Db, Executor } from "./client";

export function lightRead<T>(
  db: Db,
  work: (tx: Executor) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return work(tx);
  }, config);
}
