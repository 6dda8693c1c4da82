// Failed sign-in limits per account and per address, stored in the database so that every server
// process shares them. A key that reaches its limit is locked for the lock period.
import { inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { loginThrottle } from "../db/schema";

export interface ThrottlePolicy {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  lockMs: number;
}

export const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** The latest time any of the keys stays locked, or null when none is locked. */
export async function lockedUntil(db: Executor, keys: string[]): Promise<Date | null> {
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys));
  const now = Date.now();
  const until = rows
    .map((row) => row.lockedUntil?.getTime() ?? 0)
    .filter((time) => time > now)
    .sort((a, b) => b - a)[0];
  return until ? new Date(until) : null;
}

export async function recordFailure(
  db: Executor,
  key: string,
  maxFailures: number,
  lockMs: number,
) {
  // The counting window is as long as the lock: failures older than that are forgotten.
  const windowStart = sql`${new Date(Date.now() - lockMs).toISOString()}::timestamptz`;
  const lockUntil = new Date(Date.now() + lockMs);
  const lockUntilSql = sql`${lockUntil.toISOString()}::timestamptz`;
  await db
    .insert(loginThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: new Date(),
      lockedUntil: maxFailures <= 1 ? lockUntil : null,
    })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then now() else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when (case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end) >= ${maxFailures} then ${lockUntilSql} else ${loginThrottle.lockedUntil} end`,
      },
    });
}

export async function clearFailures(db: Executor, key: string) {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, [key]));
}
