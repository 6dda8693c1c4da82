// The single-run lease: work that one instance at a time may do across every instance sharing
// the database (an import, a reminder pass, a provider sync). Whoever takes a job's lease holds
// it until it releases it or until its hold runs out; a holder that dies is taken over once its
// hold has run out, and a live one keeps it by taking it again (renewing) before then. The lease
// is about doing the work once; what must never happen twice (a mail sent, a row written) still
// rests on unique keys and transactions, which hold even when a slow holder is taken over.
// Decision 0035.
//
// Instances are assumed to share a clock (NTP): a hold's end is written by the taker's clock and
// read by the others'.
import { randomUUID } from "node:crypto";
import { and, eq, gt, lt, or } from "drizzle-orm";
import type { Executor } from "./client";
import { jobLeases } from "./schema";

/** A job's lease: which job, and how long a hold lasts without being renewed. */
export interface Lease {
  /** Unique per job (per area, for a job run once per area); the job_leases row's key. */
  name: string;
  /** How long a holder keeps the lease without renewing it: longer than its longest silent step. */
  holdMs: number;
}

interface Hold {
  holder: string;
  until: number;
}

// The holds taken through each database handle (one per application instance), checked before
// the database: on PGlite (one connection) a take would queue behind the holder's open write
// transaction and answer only once it ended, where a second caller must hear "busy" at once.
const holdsHere = new WeakMap<Executor, Map<string, Hold>>();
const holdsOf = (db: Executor) => {
  let holds = holdsHere.get(db);
  if (!holds) {
    holds = new Map();
    holdsHere.set(db, holds);
  }
  return holds;
};

/**
 * Takes the lease for `holder`, or renews it when `holder` has it already. False while another
 * holder's hold runs; true once it has run out (a takeover) or was released.
 */
export async function takeLease(
  db: Executor,
  lease: Lease,
  holder: string,
  now: Date = new Date(),
): Promise<boolean> {
  const holds = holdsOf(db);
  const here = holds.get(lease.name);
  if (here && here.holder !== holder && here.until > now.getTime()) return false;
  const until = new Date(now.getTime() + lease.holdMs);
  const taken = await db
    .insert(jobLeases)
    .values({ name: lease.name, holder, expiresAt: until })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt: until },
      setWhere: or(lt(jobLeases.expiresAt, now), eq(jobLeases.holder, holder)),
    })
    .returning({ name: jobLeases.name });
  if (taken.length === 0) return false;
  holds.set(lease.name, { holder, until: until.getTime() });
  return true;
}

/** Gives the lease up, if `holder` still has it, so the next taker need not wait for it to run out. */
export async function releaseLease(db: Executor, lease: Lease, holder: string): Promise<void> {
  const holds = holdsOf(db);
  if (holds.get(lease.name)?.holder === holder) holds.delete(lease.name);
  await db
    .delete(jobLeases)
    .where(and(eq(jobLeases.name, lease.name), eq(jobLeases.holder, holder)));
}

/** Whether anyone (on any instance) holds the lease now: the job is running. */
export async function leaseHeld(
  db: Executor,
  lease: Lease,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ name: jobLeases.name })
    .from(jobLeases)
    .where(and(eq(jobLeases.name, lease.name), gt(jobLeases.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/**
 * Runs `work` holding the lease, then releases it; null, without running it, while another
 * holder has it. `renew` takes the lease again (true while it is still this run's): call it
 * before each step that could outlast the hold, and stop when it says false. `clock` is the
 * time the hold is measured on; a test passes one to jump ahead.
 */
export async function runUnderLease<T>(
  db: Executor,
  lease: Lease,
  work: (renew: () => Promise<boolean>) => Promise<T>,
  clock: () => Date = () => new Date(),
): Promise<T | null> {
  const holder = randomUUID();
  const renew = () => takeLease(db, lease, holder, clock());
  if (!(await renew())) return null;
  try {
    return await work(renew);
  } finally {
    await releaseLease(db, lease, holder);
  }
}
