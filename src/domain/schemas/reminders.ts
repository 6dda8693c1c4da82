// E-mail reminders (issue 16): whether mail is configured, the administrators' offsets per
// obligation kind, and the delivery problems shown to administrators.
import { z } from "zod";
import { MAX_REMINDER_DAYS, REMINDER_KINDS } from "../reminders";

export const reminderKindSchema = z.enum(REMINDER_KINDS, {
  error: `Kind must be one of ${REMINDER_KINDS.join(", ")}`,
});

/** Each kind's reminders, in days before the date, largest first (none: that kind is off). */
const reminderOffsetsSchema = z.array(
  z.object({ kind: reminderKindSchema, days: z.array(z.number().int()) }),
);

export const reminderStatusResponseSchema = z.object({
  /** SMTP_URL and MAIL_FROM are set: reminders and assignment mails are sent. */
  mailEnabled: z.boolean(),
  /** How often the server looks for due reminders (REMINDER_INTERVAL_MINUTES). */
  intervalMinutes: z.number().int(),
  /** The days an administrator set, so everyone's alert toggles say when they come. */
  offsets: reminderOffsetsSchema,
});
export type ReminderStatusResponse = z.infer<typeof reminderStatusResponseSchema>;

const DAYS_MESSAGE = `Each reminder must be a whole number of days from 0 to ${MAX_REMINDER_DAYS}`;
/** At most this many reminders per kind: enough for any schedule, too few to flood anyone. */
export const MAX_REMINDERS_PER_KIND = 6;

export const reminderDaysSchema = z
  .array(
    z
      .number({ error: DAYS_MESSAGE })
      .int(DAYS_MESSAGE)
      .min(0, DAYS_MESSAGE)
      .max(MAX_REMINDER_DAYS, DAYS_MESSAGE),
  )
  .max(MAX_REMINDERS_PER_KIND, `At most ${MAX_REMINDERS_PER_KIND} reminders per kind`);

export const reminderOffsetsResponseSchema = z.object({ offsets: reminderOffsetsSchema });
export type ReminderOffsetsResponse = z.infer<typeof reminderOffsetsResponseSchema>;

/** One kind's reminders, in days before the date; an empty list turns the kind's reminders off. */
export const updateReminderOffsetsRequestSchema = z
  .object({ kind: reminderKindSchema, days: reminderDaysSchema })
  .strict();
export type UpdateReminderOffsetsRequest = z.infer<typeof updateReminderOffsetsRequestSchema>;

export const reminderDeliveryProblemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["reminder", "digest", "assignment", "alert"]),
  recipient: z.string(),
  subject: z.string(),
  /**
   * pending with attempts: waiting for its next retry; failed: given up; cancelled: not sent, the
   * recipient was deactivated or lost access since (the reason in lastError).
   */
  status: z.enum(["pending", "failed", "cancelled"]),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type ReminderDeliveryProblem = z.infer<typeof reminderDeliveryProblemSchema>;

export const reminderDeliveryResponseSchema = z.object({
  counts: z.object({
    /** Waiting for their first attempt. */
    queued: z.number().int(),
    /** Refused at least once, waiting for a retry. */
    retrying: z.number().int(),
    /** Given up after the last attempt. */
    failed: z.number().int(),
    /** Not sent: the recipient was deactivated or lost access before it went. */
    cancelled: z.number().int(),
    sentLast7Days: z.number().int(),
  }),
  /** The most recent sends refused (retrying or failed) or cancelled, newest first, at most 20. */
  problems: z.array(reminderDeliveryProblemSchema),
});
export type ReminderDeliveryResponse = z.infer<typeof reminderDeliveryResponseSchema>;
