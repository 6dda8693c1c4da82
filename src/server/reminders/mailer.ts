// The one way mail leaves the server: a small interface over nodemailer's SMTP transport, so the
// pass and its tests depend on "send this or throw", not on nodemailer.
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { MailConfig } from "../config";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the SMTP server has accepted the message; rejects with its refusal. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Seconds one SMTP exchange may take before the send counts as failed (and is retried). */
const SMTP_TIMEOUT_MS = 30_000;

export function createSmtpMailer(config: Pick<MailConfig, "smtpUrl" | "from">): Mailer {
  // The URL's own settings (host, port, auth, ?secure=...) win over these defaults.
  const options: SMTPTransport.Options = {
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
  const transport = nodemailer.createTransport(options);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail });
    },
    close: () => transport.close(),
  };
}
