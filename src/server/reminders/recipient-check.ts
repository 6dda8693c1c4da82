// Who may still receive a queued mail, checked when it is due rather than when it was planned
// (a retry can come hours later, a digest folds a day's reminders): someone deactivated since, an
// administrator who is no longer one, or a person who no longer holds the item gets nothing. The
// row is then cancelled, not failed, with the reason, and administrators see it as such.
import { eq } from "drizzle-orm";
import { addDays, type IsoDate } from "../../domain/dates";
import type { Executor } from "../db/client";
import { idIn } from "../db/id-list";
import { reminderDeliveries, users } from "../db/schema";
import type { DeliveryRow, RecipientCheck } from "../mail/deliver";
import { readReminderOffsets } from "./offsets-service";
import { type ObligationSource, obligationKeyOf } from "./plan";

export const CANCEL_REASONS = {
  inactive: "Not sent: the recipient was deactivated",
  notAdmin: "Not sent: the recipient is no longer an administrator",
  notConcerned: "Not sent: the recipient no longer holds the item",
} as const;

/**
 * The obligations a person's row is about: its own, or those folded into the digest (not the
 * day's others: a later digest the same day is about what became due after the first).
 */
async function obligationKeysOf(db: Executor, row: DeliveryRow): Promise<string[]> {
  if (row.kind !== "digest") return [obligationKeyOf(row.key)].filter((key) => key !== null);
  const folded = await db
    .select({ key: reminderDeliveries.key })
    .from(reminderDeliveries)
    .where(eq(reminderDeliveries.digestKey, row.key));
  return folded.flatMap((r) => obligationKeyOf(r.key) ?? []);
}

/** `day` is the pass's day: obligations are read from the rows' days up to its furthest offset. */
export function recipientCheck(source: ObligationSource, day: IsoDate): RecipientCheck {
  return async (db, rows) => {
    const cancel = new Map<number, string>();
    const ids = [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
    if (ids.length === 0) return cancel;
    const people = new Map(
      (
        await db
          .select({ id: users.id, isActive: users.isActive, role: users.role })
          .from(users)
          .where(idIn(users.id, ids))
      ).map((person) => [person.id, person]),
    );

    // A person's reminder or digest (no amounts, only what names them) goes while it still does.
    const personal: DeliveryRow[] = [];
    for (const row of rows) {
      if (row.userId === null) continue;
      const person = people.get(row.userId);
      if (!person?.isActive) cancel.set(row.id, CANCEL_REASONS.inactive);
      else if (row.kind === "assignment" || person.role === "admin") continue;
      else if (row.plannedForAdmin) cancel.set(row.id, CANCEL_REASONS.notAdmin);
      else personal.push(row);
    }
    if (personal.length === 0) return cancel;

    const offsets = await readReminderOffsets(db);
    const furthest = Math.max(0, ...Object.values(offsets).flat());
    const earliest = personal.map((row) => row.day).sort()[0]!;
    const latest = [day, ...personal.map((row) => row.day)].sort().at(-1)!;
    const obligations = await source(
      db,
      { from: earliest, to: addDays(latest as IsoDate, furthest) },
      "all",
    );
    const holders = new Map(obligations.map((o) => [o.key, o.personUserIds]));
    for (const row of personal) {
      const keys = await obligationKeysOf(db, row);
      if (!keys.some((key) => holders.get(key)?.includes(row.userId!))) {
        cancel.set(row.id, CANCEL_REASONS.notConcerned);
      }
    }
    return cancel;
  };
}
