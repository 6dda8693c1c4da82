// How long notification_events are kept (decision 0066). Every due reminder writes an event, with
// or without a channel to send it to, so the table only grows. The delivery check deletes, in
// small batches, the events older than NOTIFICATION_EVENT_RETENTION_DAYS whose outbox rows are all
// finished (their deliveries go with them: the foreign key cascades) — but only events whose key
// can never be emitted again, since the key is all that stops a second alert for the same cause.
import type { SQL } from "drizzle-orm";
import { and, asc, inArray, lt, notExists, notInArray, or, sql } from "drizzle-orm";
import type { NotificationEventType } from "../../domain/notifications";
import type { Db } from "../db/client";
import { notificationEvents, reminderDeliveries, reminderPassState } from "../db/schema";

/** Events older than this many days may go (see CAUSE_RECURS for which). */
export const NOTIFICATION_EVENT_RETENTION_DAYS = 90;
/** Events deleted by one statement: short locks, and a second instance can share the backlog. */
const RETENTION_BATCH = 500;
/** Batches one check deletes at most: a backlog drains over a few checks, none runs long. */
const MAX_BATCHES_PER_CHECK = 10;

/** Outbox statuses after which nothing more is sent (a failed row stays listed until deleted). */
const FINISHED = ["sent", "failed", "cancelled", "expired"] as const;

/**
 * Whether an event's key could be emitted again once the event is gone, by type. A new type must
 * be decided here (the record names every type).
 * - never: the key names a row created (or finished) in the transaction that emits it: an
 *   offboarding, an import, a sync run, a hardware request; a seat crossing's number, which the
 *   license's low_seat_alerted already marks as alerted (seat-alerts.ts).
 * - until-planned: `reminder:<occurrence>:<days>` is due only while the obligation's date is not
 *   past the pass's day (domain/reminders.ts dueReminders), and no pass plans a day before the
 *   last planned one (reminders/plan.ts firstDayToPlan): an occurrence dated before that mark is
 *   never planned again, so its events may go; one still ahead keeps its events.
 * - always: `budget:<month>:<scope>:<level>` is checked for the pass's day, and an operator's
 *   pass for a past day (`npm run reminders -- --date`) checks that month again: kept (at most
 *   12 × 6 × 2 a year).
 */
const CAUSE_RECURS = {
  reminder: "until-planned",
  seat_threshold: "never",
  budget: "always",
  sync_failed: "never",
  import_finished: "never",
  offboarded: "never",
  request_pending: "never",
} as const satisfies Record<NotificationEventType, "never" | "until-planned" | "always">;

const typesWhere = (rule: (typeof CAUSE_RECURS)[NotificationEventType]) =>
  (Object.keys(CAUSE_RECURS) as NotificationEventType[]).filter(
    (type) => CAUSE_RECURS[type] === rule,
  );

/** The events whose key can no longer come back (see CAUSE_RECURS). */
function causeCannotRecur(): SQL {
  // ISO dates compare as text; no mark yet (no pass has planned) keeps every reminder.
  const lastPlannedDay = sql`(select ${reminderPassState.lastPlannedDay}::text
    from ${reminderPassState} where ${reminderPassState.id} = 1)`;
  return or(
    inArray(notificationEvents.type, typesWhere("never")),
    and(
      inArray(notificationEvents.type, typesWhere("until-planned")),
      sql`${notificationEvents.payload}->>'date' < ${lastPlannedDay}`,
    ),
  )!;
}

/** Deletes old events whose deliveries are finished and whose cause cannot recur; how many. */
export async function pruneNotificationEvents(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - NOTIFICATION_EVENT_RETENTION_DAYS * 86_400_000);
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_CHECK; batch += 1) {
    // Oldest first, from notification_events_occurred_idx; rows another instance is deleting
    // are skipped rather than waited for.
    const due = db
      .select({ id: notificationEvents.id })
      .from(notificationEvents)
      .where(
        and(
          lt(notificationEvents.occurredAt, cutoff),
          causeCannotRecur(),
          notExists(
            db
              .select({ one: sql`1` })
              .from(reminderDeliveries)
              .where(
                and(
                  sql`${reminderDeliveries.eventId} = ${notificationEvents.id}`,
                  notInArray(reminderDeliveries.status, [...FINISHED]),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(notificationEvents.occurredAt))
      .limit(RETENTION_BATCH)
      .for("update", { skipLocked: true });
    const rows = await db
      .delete(notificationEvents)
      .where(inArray(notificationEvents.id, due))
      .returning({ id: notificationEvents.id });
    deleted += rows.length;
    if (rows.length < RETENTION_BATCH) break;
  }
  return deleted;
}
