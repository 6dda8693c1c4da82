// Wires the reminder passes into the server: with mail configured, they start when it listens
// (not in tests driven by inject) and stop when it closes.
import type { FastifyInstance } from "fastify";
import { createSmtpMailer } from "../mail/mailer";
import { reminderObligations } from "./obligation-source";
import { scheduleReminderPasses } from "./scheduler";

export function startReminderScheduler(app: FastifyInstance): void {
  const mail = app.config.mail;
  if (!mail) return;
  let stop: (() => void) | undefined;
  const mailer = createSmtpMailer(mail);
  app.addHook("onListen", async () => {
    stop = scheduleReminderPasses({
      db: app.db,
      mailer,
      obligations: reminderObligations,
      linkBase: mail.linkBase,
      intervalMs: app.config.reminderIntervalMs,
      log: app.log,
    });
  });
  app.addHook("onClose", async () => {
    stop?.();
    mailer.close();
  });
}
