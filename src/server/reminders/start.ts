// Wires the outbox's sending into the server: it starts when it listens (not in tests driven by
// inject) and stops when it closes. The reminder passes plan the day's reminders and check the
// budgets; with mail configured they plan and send mail and chat/webhook alerts alike, without it
// the alerts only. Either way the pass's lease lets one instance send at a time.
import type { FastifyInstance } from "fastify";
import { createSmtpMailer } from "../mail/mailer";
import { createNotificationSender } from "../notifications/send";
import { reminderObligations } from "./obligation-source";
import { scheduleReminderPasses } from "./scheduler";

export function startReminderScheduler(app: FastifyInstance): void {
  const mail = app.config.mail;
  const notify = createNotificationSender({
    db: app.db,
    secrets: app.secrets,
    linkBase: app.config.publicUrl ?? null,
    allowLocal: app.config.webhooksAllowLocal,
  });
  let stop: (() => void) | undefined;
  const mailer = mail ? createSmtpMailer(mail) : null;
  app.addHook("onListen", async () => {
    stop = scheduleReminderPasses({
      db: app.db,
      mailer,
      notify,
      obligations: reminderObligations,
      linkBase: mail?.linkBase ?? "",
      intervalMs: app.config.reminderIntervalMs,
      log: app.log,
    });
  });
  app.addHook("onClose", async () => {
    stop?.();
    mailer?.close();
  });
}
