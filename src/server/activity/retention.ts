// Retention of the activity log (AUDIT_RETENTION_DAYS; unset keeps everything). The only deletes
// the log accepts: the table's trigger (migration 0017) lets a DELETE through only in a
// transaction that set quartermaster.activity_retention, which only this file does.
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { activityLog } from "../db/schema";

/** Key of the advisory lock that lets one instance at a time prune (any number will do, fixed). */
const PRUNE_LOCK_KEY = 7_215_021;

const DAY_MS = 24 * 60 * 60 * 1000;

export type PruneOutcome = { pruned: number } | "busy";

/** Deletes the records older than `retentionDays` days before `now`; "busy" if another instance is at it. */
export async function pruneActivity(
  db: Db,
  retentionDays: number,
  now: Date = new Date(),
): Promise<PruneOutcome> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  return db.transaction(async (tx) => {
    // Both drivers answer execute() with { rows } (as trust-reviews/summary.ts reads it).
    const result = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK_KEY}) as locked`,
    );
    const locked = (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked;
    if (!locked) return "busy";
    // Transaction-local (true): the permission ends with this transaction.
    await tx.execute(sql`select set_config('quartermaster.activity_retention', 'on', true)`);
    const deleted = await tx
      .delete(activityLog)
      .where(lt(activityLog.occurredAt, cutoff))
      .returning({ id: activityLog.id });
    return { pruned: deleted.length };
  });
}
