// One reminder pass as of a day: plan the day's reminders into the ledger (what is due today and
// not queued yet, catching up missed days), then send whatever is due (new rows, retries,
// assignment changes). Run by the scheduler every REMINDER_INTERVAL_MINUTES and by
// `npm run reminders -- --date YYYY-MM-DD`.
import { randomUUID } from "node:crypto";
import type { IsoDate } from "../../domain/dates";
import type { Db } from "../db/client";
import { type DeliveryOutcome, deliverDue } from "./deliver";
import { releaseLease, takeLease } from "./lease";
import type { Mailer } from "./mailer";
import { type ObligationSource, type PlanOutcome, planReminders } from "./plan";
import { recipientCheck } from "./recipient-check";

export interface PassOptions {
  /** Where obligations come from (the obligations list). */
  obligations: ObligationSource;
  /** PUBLIC_URL's origin: mails link to items under it. */
  linkBase: string;
  /** The instant used for retries and claims; the clock unless a test passes one. */
  now?: Date;
}

export type PassOutcome = PlanOutcome &
  DeliveryOutcome & {
    /** Another instance was running a pass: this one did nothing. */
    busy: boolean;
  };

export async function runReminderPass(
  db: Db,
  mailer: Mailer,
  day: IsoDate,
  options: PassOptions,
): Promise<PassOutcome> {
  const now = options.now ?? new Date();
  const holder = randomUUID();
  // The lease runs on the real clock (it measures how long this process has been at it), while
  // `now` may be a test's or an operator's day.
  const renew = () => takeLease(db, holder, new Date());
  if (!(await renew())) {
    return { busy: true, plannedDays: null, queued: 0, sent: 0, failed: 0, cancelled: 0 };
  }
  try {
    const planned = await planReminders(db, options.obligations, day, options.linkBase, now);
    const delivered = await deliverDue(
      db,
      mailer,
      now,
      renew,
      recipientCheck(options.obligations, day),
    );
    return { busy: false, ...planned, ...delivered };
  } finally {
    await releaseLease(db, holder);
  }
}
