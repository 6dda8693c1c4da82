// Planning: turns the obligations due for reminding into rows of the send ledger. Every pass plans
// its own day again, so an item created or re-dated on its reminder day after the day's first pass
// still gets that reminder from the next one; the days before it are planned once (catching up
// downtime). It runs in one transaction under an advisory lock, so instances sharing a database
// plan one after the other, and the ledger's unique keys let nothing already queued in again.
import { and, eq, or, sql } from "drizzle-orm";
import { addDays, daysBetween, type IsoDate, todayIso } from "../../domain/dates";
import {
  DEFAULT_REMINDER_DAYS,
  type DueReminder,
  dueReminders,
  isReminderKind,
  PREFERENCE_OF_KIND,
} from "../../domain/reminders";
import { DEFAULT_PREFERENCES, type PreferencesResponse } from "../../domain/schemas/preferences";
import { lockForTransaction } from "../db/advisory-locks";
import type { Db, Executor } from "../db/client";
import { idIn } from "../db/id-list";
import { reminderDeliveries, reminderPassState, userPreferences, users } from "../db/schema";
import type { MailContent } from "../mail/layout";
import { emitNotification } from "../notifications/emit";
import { digestMail, type ReminderItem, reminderMail } from "./messages";
import { readReminderOffsets } from "./offsets-service";

/** An obligation as the obligations list gives it (src/domain/obligations.ts), as far as used here. */
export interface ReminderObligation extends ReminderItem {
  key: string;
  /** The item's area and row (the alert's item); null where there is none (hosting's month). */
  area: string;
  itemId: number | null;
  /** Everyone assigned to the item (seat holders, account users, the hardware's holder). */
  personUserIds: number[];
}

/** listObligations(db, range, "all"): every obligation dated within the range, sorted by date. */
export type ObligationSource = (
  db: Executor,
  range: { from: IsoDate; to: IsoDate },
  scope: "all",
) => Promise<ReminderObligation[]>;

export interface PlanOutcome {
  /** The days planned by this pass (none when the day was already handled). */
  plannedDays: { from: IsoDate; to: IsoDate } | null;
  /** Ledger rows added: single mails and digests to send. */
  queued: number;
}

interface Recipient {
  id: number;
  email: string;
  isAdmin: boolean;
  preferences: PreferencesResponse;
}

export async function planReminders(
  db: Db,
  source: ObligationSource,
  day: IsoDate,
  linkBase: string,
  now: Date,
  /** Whether mail is on: without it the day's reminders go to chat and webhook channels only. */
  mail = true,
): Promise<PlanOutcome> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, "reminderPlanning");
    const [state] = await tx
      .select({ lastPlannedDay: reminderPassState.lastPlannedDay })
      .from(reminderPassState)
      .where(eq(reminderPassState.id, 1));
    const firstDay = firstDayToPlan(state?.lastPlannedDay ?? null, day);
    if (firstDay === null) return { plannedDays: null, queued: 0 };

    const offsets = await readReminderOffsets(tx);
    const daysOf = (kind: string) => (isReminderKind(kind) ? offsets[kind] : DEFAULT_REMINDER_DAYS);
    const furthest = Math.max(0, ...Object.values(offsets).flat());
    const obligations = await source(tx, { from: day, to: addDays(day, furthest) }, "all");
    const due = dueReminders(obligations, daysOf, { firstDay, today: day });

    await emitReminderAlerts(tx, due, day);
    let queued = 0;
    for (const recipient of mail ? await recipientsOf(tx, due) : []) {
      const mine = due
        .filter(
          ({ obligation }) =>
            (recipient.isAdmin || obligation.personUserIds.includes(recipient.id)) &&
            wants(recipient.preferences, obligation.kind),
        )
        // Amounts are for administrators (as in the lists and the feed): others get item and date.
        .map((entry) =>
          recipient.isAdmin
            ? entry
            : { ...entry, obligation: { ...entry.obligation, amount: null, currency: null } },
        );
      queued += await queueFor(tx, recipient, mine, { day, linkBase, now });
    }

    // A pass for a day still to come (an operator's `--date`) plans that day but does not move
    // the mark: the schedule still plans the days before it, and when it reaches that day the
    // ledger's keys let nothing already queued through again.
    if (daysBetween(day, todayIso(undefined, now)) < 0) {
      return { plannedDays: { from: firstDay, to: day }, queued };
    }
    await tx
      .insert(reminderPassState)
      .values({ id: 1, lastPlannedDay: day })
      .onConflictDoUpdate({
        target: reminderPassState.id,
        set: { lastPlannedDay: day, updatedAt: sql`now()` },
      });
    return { plannedDays: { from: firstDay, to: day }, queued };
  });
}

/**
 * Each reminder once to the channels that chose `reminder` (notifications/emit.ts): the same plan
 * as the mails, keyed by the obligation and the offset, so a day planned again sends nothing new.
 * Amounts go too: a channel is the administrators' (they set it up), as the admin mails are.
 */
async function emitReminderAlerts(
  tx: Executor,
  due: DueReminder<ReminderObligation>[],
  day: IsoDate,
): Promise<void> {
  for (const { obligation, daysBefore } of due) {
    const days = daysBetween(day, obligation.date);
    const when = days <= 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`;
    const amount =
      obligation.amount === null
        ? ""
        : ` Amount: ${obligation.currency ? `${obligation.currency} ` : ""}${obligation.amount}.`;
    await emitNotification(tx, {
      type: "reminder",
      key: `reminder:${obligation.key}:${daysBefore}`,
      title: `Reminder: ${obligation.title}`,
      text: `${obligation.date} (${when}).${amount}`,
      item: { area: obligation.area, id: obligation.itemId, label: obligation.title },
      link: obligation.path,
      payload: { kind: obligation.kind, date: obligation.date, daysBefore },
    });
  }
}

/**
 * The first day a pass for `day` plans, or null for none. The first pass ever plans only its own
 * day (no flood of reminders for the past); later ones the days after the last planned, and their
 * own day again when it is the last planned: what became due since (an item added or re-dated
 * today, a person newly assigned) is queued, what was queued already is kept out by its key. A
 * day before the last planned one (an operator's `--date` for the past) plans nothing.
 */
export function firstDayToPlan(lastPlannedDay: IsoDate | null, day: IsoDate): IsoDate | null {
  if (lastPlannedDay === null) return day;
  const sinceLast = daysBetween(lastPlannedDay, day);
  if (sinceLast < 0) return null;
  return sinceLast === 0 ? day : addDays(lastPlannedDay, 1);
}

const wants = (preferences: PreferencesResponse, kind: string) =>
  isReminderKind(kind) ? preferences[PREFERENCE_OF_KIND[kind]] : true;

/** Active administrators (who hear of everything) and the active people the reminders concern. */
async function recipientsOf(
  tx: Executor,
  due: DueReminder<ReminderObligation>[],
): Promise<Recipient[]> {
  if (due.length === 0) return [];
  const people = [...new Set(due.flatMap((d) => d.obligation.personUserIds))];
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      preferences: {
        maskLicenseKeys: userPreferences.maskLicenseKeys,
        licenseExpiryAlerts: userPreferences.licenseExpiryAlerts,
        assignmentChangeAlerts: userPreferences.assignmentChangeAlerts,
        hardwareWarrantyAlerts: userPreferences.hardwareWarrantyAlerts,
        accountRenewalAlerts: userPreferences.accountRenewalAlerts,
        paymentAlerts: userPreferences.paymentAlerts,
        reminderDigest: userPreferences.reminderDigest,
      },
    })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(
      and(
        eq(users.isActive, true),
        people.length > 0
          ? or(eq(users.role, "admin"), idIn(users.id, people))
          : eq(users.role, "admin"),
      ),
    )
    .orderBy(users.id);
  return rows.flatMap((row) =>
    row.email
      ? [
          {
            id: row.id,
            email: row.email,
            isAdmin: row.role === "admin",
            // A left join without a row gives nulls: no row means the defaults.
            preferences:
              row.preferences?.maskLicenseKeys == null
                ? DEFAULT_PREFERENCES
                : (row.preferences as PreferencesResponse),
          },
        ]
      : [],
  );
}

const reminderKey = (obligationKey: string, daysBefore: number, userId: number) =>
  `reminder:${obligationKey}:${daysBefore}:user:${userId}`;

/** The obligation a reminder row's key names (the inverse of reminderKey), or null for others. */
export const obligationKeyOf = (rowKey: string): string | null =>
  /^reminder:(.+):\d+:user:\d+$/.exec(rowKey)?.[1] ?? null;

async function queueFor(
  tx: Executor,
  recipient: Recipient,
  due: DueReminder<ReminderObligation>[],
  { day, linkBase, now }: { day: IsoDate; linkBase: string; now: Date },
): Promise<number> {
  if (due.length === 0) return 0;
  const digest = recipient.preferences.reminderDigest;
  const row = (key: string, kind: "reminder" | "digest", mail: MailContent) => ({
    key,
    kind,
    userId: recipient.id,
    recipient: recipient.email,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    day,
    plannedForAdmin: recipient.isAdmin,
    status: "pending" as const,
    nextAttemptAt: now,
  });
  // Each reminder keeps its own row, folded into the digest or sent alone; either way its key is
  // taken, so it is never sent again.
  const inserted = await tx
    .insert(reminderDeliveries)
    .values(
      due.map(({ obligation, daysBefore }) => ({
        ...row(
          reminderKey(obligation.key, daysBefore, recipient.id),
          "reminder",
          reminderMail(obligation, day, linkBase),
        ),
        status: digest ? ("in_digest" as const) : ("pending" as const),
      })),
    )
    .onConflictDoNothing({ target: reminderDeliveries.key })
    .returning({ id: reminderDeliveries.id, key: reminderDeliveries.key });
  if (!digest) return inserted.length;
  if (inserted.length === 0) return 0;
  const fresh = new Set(inserted.map((r) => r.key));
  const items = due
    .filter(({ obligation, daysBefore }) =>
      fresh.has(reminderKey(obligation.key, daysBefore, recipient.id)),
    )
    .map(({ obligation }) => obligation);
  const mail = digestMail(items, day, linkBase);
  // The day's first digest; what became due after it went (a later pass the same day) gets one
  // of its own, named after its first reminder row, which no other digest can hold.
  const dayKey = `digest:${day}:user:${recipient.id}`;
  const [first] = await tx
    .insert(reminderDeliveries)
    .values(row(dayKey, "digest", mail))
    .onConflictDoNothing({ target: reminderDeliveries.key })
    .returning({ key: reminderDeliveries.key });
  const digestKey = first?.key ?? `${dayKey}:from:${Math.min(...inserted.map((r) => r.id))}`;
  if (!first) await tx.insert(reminderDeliveries).values(row(digestKey, "digest", mail));
  // Each folded reminder names its digest: the digest is about those, and is checked against
  // them when it is due (recipient-check.ts).
  await tx
    .update(reminderDeliveries)
    .set({ digestKey })
    .where(
      idIn(
        reminderDeliveries.id,
        inserted.map((r) => r.id),
      ),
    );
  return 1;
}
