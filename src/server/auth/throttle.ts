// Sign-in limits per account and per address, stored in the database so that every server process
// shares them.
//
// An attempt is reserved BEFORE its password is checked: one statement counts it and refuses it
// when the key is locked or its window is full, so a burst of parallel guesses (on one process or
// on several sharing a PostgreSQL) gets at most the limit checked. Checking the lock first and
// recording the failure after the slow hash let 91 of 100 parallel guesses through. Every attempt
// counts as a failure until it proves otherwise; a success hands its reservation back.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db, Executor } from "../db/client";
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

/**
 * Counts one attempt for the key unless it is locked or its window already holds `max` attempts;
 * the attempt that fills the window locks the key for the lock period. The row lock taken by the
 * upsert orders concurrent reservations, and the time is the database's, so every instance agrees.
 * Returns whether the attempt may go ahead.
 */
async function reserve(db: Executor, key: string, max: number, lockMs: number): Promise<boolean> {
  const lock = sql`(${lockMs} * interval '1 millisecond')`;
  const windowOver = sql`${loginThrottle.windowStartedAt} < now() - ${lock}`;
  const attempts = sql`case when ${windowOver} then 1 else ${loginThrottle.failures} + 1 end`;
  const granted = await db
    .insert(loginThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: sql`now()`,
      lockedUntil: max <= 1 ? sql`now() + ${lock}` : null,
    })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: attempts,
        windowStartedAt: sql`case when ${windowOver} then now() else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${attempts} >= ${max} then now() + ${lock} end`,
      },
      // A refused attempt changes nothing and returns no row.
      setWhere: sql`(${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= now())
        and (${windowOver} or ${loginThrottle.failures} < ${max})`,
    })
    .returning({ key: loginThrottle.key });
  return granted.length > 0;
}

class Refused extends Error {}

/**
 * Reserves one attempt on the account and one on the address, both or neither: an attempt the
 * address refuses does not use up one of the account's.
 */
export async function reserveSignInAttempt(
  db: Db,
  keys: { account: string; address: string },
  policy: ThrottlePolicy,
): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      // Always the account first, then the address: one lock order, no deadlock.
      if (!(await reserve(tx, keys.account, policy.maxFailuresPerAccount, policy.lockMs))) {
        throw new Refused();
      }
      if (!(await reserve(tx, keys.address, policy.maxFailuresPerAddress, policy.lockMs))) {
        throw new Refused();
      }
    });
    return true;
  } catch (error) {
    if (error instanceof Refused) return false;
    throw error;
  }
}

/**
 * After a successful sign-in: the account starts afresh, and the address gets its reservation
 * back (a success is not a failure; an office behind one address must not lock itself out).
 */
export async function releaseAfterSuccess(
  db: Db,
  keys: { account: string; address: string },
): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.account));
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, lockedUntil: null })
    .where(eq(loginThrottle.key, keys.address));
}

/**
 * The address's share of the limits for sign-in methods with nothing to guess (passkeys): a
 * failure counts against the address as a wrong password does, but never locks the account, which
 * would only let anyone who knows a username keep its owner out.
 */
export async function reserveAddressAttempt(
  db: Db,
  address: string,
  policy: ThrottlePolicy,
): Promise<boolean> {
  return reserve(db, address, policy.maxFailuresPerAddress, policy.lockMs);
}

/** After such a sign-in succeeded: the address gets its reservation back. */
export async function releaseAddressAttempt(db: Db, address: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, lockedUntil: null })
    .where(eq(loginThrottle.key, address));
}
