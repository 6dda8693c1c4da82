// The server's reminder passes: one a little after start (catching up whatever was missed while
// it was down), then one every REMINDER_INTERVAL_MINUTES, each as of today's date. Every instance
// schedules them; the pass's lease lets one run at a time and the ledger sends each mail once.
// Between passes, a cheap delivery check every DELIVERY_CHECK_MS sends what is waiting (retries
// come due, rows a dead instance left claimed) without waiting for the next pass.
import type { FastifyBaseLogger } from "fastify";
import { todayIso } from "../../domain/dates";
import type { Db } from "../db/client";
import { recordJobRun } from "../lib/job-metrics";
import { repeatLooks } from "../lib/repeat-looks";
import type { Mailer } from "../mail/mailer";
import { type PassOptions, runDeliveryCheck, runReminderPass } from "./pass";

/** The first pass after start, so a fleet restarting together does not all look at once. */
export const FIRST_PASS_AFTER_MS = 30_000;
/** Often enough that a dead sender's rows (claim 45 s) go within about a minute. */
export const DELIVERY_CHECK_MS = 15_000;

export interface ReminderSchedule extends Omit<PassOptions, "now"> {
  db: Db;
  /** Null without SMTP: passes plan chat and webhook alerts only. */
  mailer: Mailer | null;
  intervalMs: number;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
  firstPassAfterMs?: number;
}

/** Starts the passes; returns the function that stops them. */
export function scheduleReminderPasses(schedule: ReminderSchedule): () => void {
  const stopPasses = repeatLooks(
    async () => {
      const outcome = await runReminderPass(schedule.db, schedule.mailer, todayIso(), schedule);
      const { queued, sent, failed, cancelled } = outcome;
      if (queued > 0 || sent > 0 || failed > 0 || cancelled > 0) {
        schedule.log.info({ queued, sent, failed, cancelled }, "reminder pass");
      }
      recordJobRun("reminder_pass", "success");
    },
    {
      firstAfterMs: schedule.firstPassAfterMs ?? FIRST_PASS_AFTER_MS,
      everyMs: schedule.intervalMs,
      onError: (error) => {
        schedule.log.warn({ err: error }, "reminder pass failed");
        recordJobRun("reminder_pass", "failure");
      },
    },
  );
  const stopChecks = scheduleDeliveryChecks(schedule);
  return () => {
    stopPasses();
    stopChecks();
  };
}

/**
 * The frequent delivery check alone: what a pass left (retries, rows a dead instance held) and
 * chat/webhook alerts. Without a mailer (no SMTP_URL) it sends the alerts only.
 */
export function scheduleDeliveryChecks(
  schedule: Pick<ReminderSchedule, "db" | "log" | "notify" | "clock"> &
    Partial<Pick<ReminderSchedule, "mailer" | "obligations" | "linkBase">>,
): () => void {
  const options = {
    ...schedule,
    obligations: schedule.obligations ?? (async () => []),
    linkBase: schedule.linkBase ?? "",
  };
  let checking = false;
  const check = setInterval(async () => {
    if (checking) return;
    checking = true;
    try {
      const delivered = await runDeliveryCheck(
        schedule.db,
        schedule.mailer ?? null,
        todayIso(),
        options,
      );
      if (delivered && delivered.sent + delivered.failed + delivered.cancelled > 0) {
        schedule.log.info(delivered, "reminder delivery check");
      }
    } catch (error) {
      schedule.log.warn({ err: error }, "reminder delivery check failed");
    } finally {
      checking = false;
    }
  }, DELIVERY_CHECK_MS);
  check.unref();
  return () => clearInterval(check);
}
