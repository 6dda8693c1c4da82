// Wires the outbox's sending into the server: it starts when it listens (not in tests driven by
// inject) and stops when it closes. With mail configured, the reminder passes plan and send mail
// and chat/webhook alerts alike; without, only the delivery check runs, for the alerts. Either
// way the pass's lease lets one instance send at a time.
import type { FastifyInstance } from "fastify";
import { createSmtpMailer } from "../mail/mailer";
import { createNotificationSender } from "../notifications/send";
import { reminderObligations } from "./obligation-source";
import { scheduleDeliveryChecks, scheduleReminderPasses } from "./scheduler";

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
    stop =
      mail && mailer
        ? scheduleReminderPasses({
            db: app.db,
            mailer,
            notify,
            obligations: reminderObligations,
            linkBase: mail.linkBase,
            intervalMs: app.config.reminderIntervalMs,
            log: app.log,
          })
        : scheduleDeliveryChecks({ db: app.db, notify, log: app.log });
  });
  app.addHook("onClose", async () => {
    stop?.();
    mailer?.close();
  });
}
