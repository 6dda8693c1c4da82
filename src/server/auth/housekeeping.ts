// Periodic clean-up of expired sessions and stale sign-in counters. Runs in every server process;
// the deletes are idempotent, so several processes sharing one database do no harm.
import { lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginThrottle } from "../db/schema";
import { recordJobRun } from "../lib/job-metrics";
import { deleteExpiredSessions, type SessionPolicy } from "./sessions";

const HOUR_MS = 60 * 60 * 1000;

export async function cleanUpAuthState(db: Db, policy: SessionPolicy, lockMs: number) {
  await deleteExpiredSessions(db, policy);
  const staleBefore = new Date(Date.now() - Math.max(lockMs, HOUR_MS) * 2);
  await db.delete(loginThrottle).where(lt(loginThrottle.windowStartedAt, staleBefore));
}

export function scheduleAuthHousekeeping(
  db: Db,
  policy: SessionPolicy,
  lockMs: number,
  onError: (error: unknown) => void,
): () => void {
  const run = () =>
    cleanUpAuthState(db, policy, lockMs).then(
      () => recordJobRun("auth_housekeeping", "success"),
      (error: unknown) => {
        recordJobRun("auth_housekeeping", "failure");
        onError(error);
      },
    );
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
