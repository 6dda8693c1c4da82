// The reminder pass's lease: one conditional update on the state row, so when several instances
// share a database only one runs a pass at a time; the others skip their turn. A holder that dies
// loses the lease when it runs out. The lease is about doing the work once; that no mail goes
// twice rests on the ledger's unique keys and row claims, which hold even without it.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { reminderPassState } from "../db/schema";

/**
 * Short, so a dead holder's lease lapses within a minute; a live pass renews it before each send
 * (each bounded by mailer.ts SEND_DEADLINE_MS) and between planning and delivery.
 */
export const LEASE_MS = 45_000;

export async function takeLease(db: Db, holder: string, now: Date): Promise<boolean> {
  await db.insert(reminderPassState).values({ id: 1 }).onConflictDoNothing();
  const taken = await db
    .update(reminderPassState)
    .set({ leaseHolder: holder, leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(reminderPassState.id, 1),
        or(
          isNull(reminderPassState.leaseUntil),
          lt(reminderPassState.leaseUntil, now),
          eq(reminderPassState.leaseHolder, holder),
        ),
      ),
    )
    .returning({ id: reminderPassState.id });
  return taken.length > 0;
}

export async function releaseLease(db: Db, holder: string): Promise<void> {
  await db
    .update(reminderPassState)
    .set({ leaseHolder: null, leaseUntil: null })
    .where(and(eq(reminderPassState.id, 1), eq(reminderPassState.leaseHolder, holder)));
}
