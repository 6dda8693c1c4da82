// An administrator's reminder offsets per obligation kind. A kind without a row has the default
// (30, 15 and 7 days); setting the default back removes nothing, it simply stores it.
import { sql } from "drizzle-orm";
import {
  DEFAULT_REMINDER_DAYS,
  REMINDER_KIND_LABELS,
  REMINDER_KINDS,
  type ReminderKind,
} from "../../domain/reminders";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Db, Executor } from "../db/client";
import { reminderOffsets } from "../db/schema";

export type ReminderOffsets = Record<ReminderKind, number[]>;

/** Largest first, no repeats: the order people read "30, 15 and 7 days". */
export const normalizeDays = (days: readonly number[]) => [...new Set(days)].sort((a, b) => b - a);

export async function readReminderOffsets(db: Executor): Promise<ReminderOffsets> {
  const rows = await db
    .select({ kind: reminderOffsets.kind, days: reminderOffsets.days })
    .from(reminderOffsets);
  const stored = new Map(rows.map((row) => [row.kind, row.days]));
  return Object.fromEntries(
    REMINDER_KINDS.map((kind) => [kind, normalizeDays(stored.get(kind) ?? DEFAULT_REMINDER_DAYS)]),
  ) as ReminderOffsets;
}

/** Stores one kind's days; with an actor, the change goes in the activity log with it. */
export async function setReminderOffsets(
  db: Db,
  kind: ReminderKind,
  days: readonly number[],
  actor?: ActivityActor,
): Promise<number[]> {
  const normalized = normalizeDays(days);
  return db.transaction(async (tx) => {
    const before = (await readReminderOffsets(tx))[kind];
    await tx
      .insert(reminderOffsets)
      .values({ kind, days: normalized })
      .onConflictDoUpdate({
        target: reminderOffsets.kind,
        set: { days: normalized, updatedAt: sql`now()` },
      });
    if (actor && before.join() !== normalized.join()) {
      await recordActivity(tx, actor, {
        action: "settings_change",
        area: "reminders",
        itemId: null,
        itemLabel: `Reminder days: ${REMINDER_KIND_LABELS[kind]}`,
        changes: { [kind]: { before, after: normalized } },
      });
    }
    return normalized;
  });
}
