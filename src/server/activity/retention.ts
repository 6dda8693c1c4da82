// Retention of the activity log (AUDIT_RETENTION_DAYS; unset keeps everything). The only deletes
// the log accepts: the table's trigger (migration 0017) lets a DELETE through only in a
// transaction that set quartermaster.activity_retention, which only this file does.
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { tryLockForTransaction } from "../db/advisory-locks";
import type { Db, Tx } from "../db/client";
import { rowsOf } from "../db/rows-of";
import { activityLog } from "../db/schema";
import { recordActivity, systemActor } from "./record";

const DAY_MS = 24 * 60 * 60 * 1000;

export type PruneOutcome = { pruned: number } | "busy" | "not-due";

export interface PruneOptions {
  /** Skip when a prune was recorded less than this long ago (the daily job: one a day in all). */
  onlyIfNoneWithinMs?: number;
}

/**
 * Deletes the records older than `retentionDays` days before `now` and records the prune itself
 * (the system's, with how many went). "busy" if another instance holds the lock; "not-due" if
 * `onlyIfNoneWithinMs` is given and a prune is recorded within it, checked under the same lock so
 * that instances racing each other prune once.
 */
export async function pruneActivity(
  db: Db,
  retentionDays: number,
  now: Date = new Date(),
  options: PruneOptions = {},
): Promise<PruneOutcome> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  return db.transaction(async (tx) => {
    if (!(await tryLockForTransaction(tx, "activityPruning"))) return "busy";
    if (options.onlyIfNoneWithinMs !== undefined) {
      const since = new Date(now.getTime() - options.onlyIfNoneWithinMs);
      const [recent] = await tx
        .select({ id: activityLog.id })
        .from(activityLog)
        .where(
          and(
            eq(activityLog.area, "activity_log"),
            eq(activityLog.action, "prune"),
            gt(activityLog.occurredAt, since),
          ),
        )
        .orderBy(desc(activityLog.occurredAt))
        .limit(1);
      if (recent) return "not-due";
    }
    // Transaction-local (true): the permission ends with this transaction.
    await tx.execute(sql`select set_config('quartermaster.activity_retention', 'on', true)`);
    // Counted in SQL: the first prune of an old log may remove millions of rows, whose ids need
    // not travel to Node.
    const pruned = await countDeleted(tx, cutoff);
    await recordActivity(tx, systemActor, {
      action: "prune",
      area: "activity_log",
      itemId: null,
      detail: { pruned, retentionDays, before: cutoff.toISOString() },
      occurredAt: now,
    });
    return { pruned };
  });
}

/** Deletes the records before `cutoff` and says how many went, counted by the database. */
async function countDeleted(tx: Tx, cutoff: Date) {
  const result = await tx.execute(
    sql`with deleted as (delete from ${activityLog} where ${lt(activityLog.occurredAt, cutoff)} returning 1)
        select count(*)::int as pruned from deleted`,
  );
  return rowsOf<{ pruned: number }>(result)[0]!.pruned;
}
