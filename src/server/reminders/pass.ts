// One reminder pass as of a day: plan the day's reminders into the ledger (what is due today and
// not queued yet, catching up missed days), then send whatever is due (new rows, retries,
// assignment changes). Run by the scheduler every REMINDER_INTERVAL_MINUTES and by
// `npm run reminders -- --date YYYY-MM-DD`. Between passes, every instance runs the delivery
// check often (runDeliveryCheck), so rows a dead instance left claimed go within a minute.
import type { IsoDate } from "../../domain/dates";
import type { Db } from "../db/client";
import { runUnderLease } from "../db/lease";
import {
  type DeliveryOutcome,
  deliverDue,
  deliveryWaiting,
  type NotificationSend,
  scopeOf,
} from "../mail/deliver";
import type { Mailer } from "../mail/mailer";
import { checkBudgetAlerts } from "../notifications/budget-alerts";
import { pruneNotificationEvents } from "../notifications/event-retention";
import { sweepLowSeatAlerts } from "../notifications/seat-alerts";
import { REMINDER_PASS_LEASE } from "./lease";
import { type ObligationSource, type PlanOutcome, planReminders } from "./plan";
import { recipientCheck } from "./recipient-check";

export interface PassOptions {
  /** Where obligations come from (the obligations list). */
  obligations: ObligationSource;
  /** PUBLIC_URL's origin: mails link to items under it. */
  linkBase: string;
  /** The instant used for due dates and retries; the clock unless a test passes one. */
  now?: Date;
  /** The real clock the lease and the claims run on; a test passes one to jump ahead. */
  clock?: () => Date;
  /** The sender of chat and webhook alerts (same outbox, same lease: notifications/send.ts). */
  notify?: NotificationSend;
}

export type PassOutcome = PlanOutcome &
  DeliveryOutcome & {
    /** Another instance was running a pass: this one did nothing. */
    busy: boolean;
  };

export async function runReminderPass(
  db: Db,
  /** Null without SMTP: the reminders and budget alerts go to chat and webhook channels only. */
  mailer: Mailer | null,
  day: IsoDate,
  options: PassOptions,
): Promise<PassOutcome> {
  const now = options.now ?? new Date();
  const outcome = await underLease(db, options, async (renew) => {
    const planned = await planReminders(
      db,
      options.obligations,
      day,
      options.linkBase,
      now,
      mailer !== null,
    );
    const delivered = await deliverDue(db, mailer, now, {
      stillMine: renew,
      check: recipientCheck(options.obligations, day),
      clock: options.clock,
      notify: options.notify,
    });
    // A month's spend moves with every change to what is paid for: looked at once a pass, after
    // the sending (which a failure here must not hold up); the next delivery check sends these.
    await db.transaction((tx) => checkBudgetAlerts(tx, day));
    return { ...planned, ...delivered };
  });
  return outcome
    ? { busy: false, ...outcome }
    : { busy: true, plannedDays: null, queued: 0, sent: 0, failed: 0, cancelled: 0 };
}

/**
 * The frequent check: one cheap query for rows waiting (due, or left claimed by a sender whose
 * claim ran out); only then the lease and a delivery, without planning (the pass's job). Null
 * when there was nothing to do or another instance holds the lease.
 */
export async function runDeliveryCheck(
  db: Db,
  mailer: Mailer | null,
  day: IsoDate,
  options: PassOptions,
): Promise<DeliveryOutcome | null> {
  const now = options.now ?? new Date();
  const clock = options.clock ?? (() => new Date());
  const scope = scopeOf(mailer, options.notify);
  const delivered = (await deliveryWaiting(db, now, clock(), scope))
    ? await underLease(db, options, (renew) =>
        deliverDue(db, mailer, now, {
          stillMine: renew,
          check: recipientCheck(options.obligations, day),
          clock,
          notify: options.notify,
        }),
      )
    : null;
  // Seats that fell to a threshold through a path that does not alert itself (an import, an
  // offboarding, SCIM, a sync): alerted here, after the sending, and sent by the next check.
  await sweepLowSeatAlerts(db, mailer ? { linkBase: options.linkBase } : null);
  // Old events whose alerts are done and whose cause cannot come back (decision 0066).
  await pruneNotificationEvents(db, now);
  return delivered;
}

/** Runs the work holding the pass's lease (renewed through `renew`), or returns null if it is held. */
function underLease<T>(
  db: Db,
  options: Pick<PassOptions, "clock">,
  work: (renew: () => Promise<boolean>) => Promise<T>,
): Promise<T | null> {
  // The lease runs on the real clock (it measures how long this process has been at it), while
  // `now` may be a test's or an operator's day.
  return runUnderLease(db, REMINDER_PASS_LEASE, work, options.clock);
}
