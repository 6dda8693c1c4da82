// Every PostgreSQL advisory lock the application takes, by name, in one key space: PostgreSQL's
// two-number form, the first number Quartermaster's (so another application sharing the
// database cannot collide with ours), the second the lock's own. A new lock adds a line here
// with the next number; advisory-locks.test.ts checks that none is used twice. Decision 0035.
//
// Only transaction-level locks: a session-level lock on a pooled connection outlives the work
// (the connection goes back to the pool holding it), and PGlite's one session would grant it to
// every caller. Work that spans transactions takes the single-run lease (lease.ts) instead.
import { sql } from "drizzle-orm";
import type { Executor } from "./client";
import { rowsOf } from "./rows-of";

/** Quartermaster's key space: "QM" (0x51, 0x4d). */
export const LOCK_NAMESPACE = 0x514d;

export const ADVISORY_LOCKS = {
  /** Plans the reminders of the days due, once across instances (reminders/plan.ts). */
  reminderPlanning: 1,
  /** Prunes the activity log, one instance at a time (activity/retention.ts). */
  activityPruning: 2,
  /** Checks and writes G Suite plan names, which are unique per table (gsuite/plans-service.ts). */
  gsuitePlanNames: 3,
  /** Writes a hosting import, should a slow one be taken over (hosting/import-service.ts). */
  hostingImportWrites: 4,
} as const;

export type AdvisoryLock = keyof typeof ADVISORY_LOCKS;

const keyOf = (lock: AdvisoryLock) => sql`${LOCK_NAMESPACE}::int, ${ADVISORY_LOCKS[lock]}::int`;

/** Waits for the lock; it is held until the transaction ends. */
export async function lockForTransaction(tx: Executor, lock: AdvisoryLock): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${keyOf(lock)})`);
}

/** Takes the lock when it is free (held until the transaction ends); false while another has it. */
export async function tryLockForTransaction(tx: Executor, lock: AdvisoryLock): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${keyOf(lock)}) as locked`);
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
}
