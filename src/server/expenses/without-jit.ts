// The expense calls run with PostgreSQL's JIT compilation off. Their statements compute a few
// expressions over every license, and the planner's row estimates for them (set-returning joins,
// date arithmetic) are high enough to cross jit_above_cost: compiling then took 1.7 s for a
// statement that runs in under 100 ms (measured at 20,000 licenses, scripts/bench/expenses-list.ts).
// `set local` lasts for this read-only transaction only.
import { sql } from "drizzle-orm";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";
import type { Db, Executor } from "../db/client";

export function withoutJit<T>(
  db: Db,
  work: (tx: Executor) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return work(tx);
  }, config);
}
