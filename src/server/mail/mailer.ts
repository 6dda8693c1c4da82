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

/** How long one SMTP step (connect, greeting, a silent socket) may take before the send fails. */
const SMTP_STEP_TIMEOUT_MS = 10_000;
/**
 * How long a whole send may take before it counts as failed (and is retried): well under a row's
 * claim (deliver.ts CLAIM_MS), so a live sender never loses a row to another mid-send. The step
 * timeouts alone do not bound a server that answers slowly but never falls silent.
 */
export const SEND_DEADLINE_MS = 25_000;

export function createSmtpMailer(config: Pick<MailConfig, "smtpUrl" | "from">): Mailer {
  // The URL's own settings (host, port, auth, ?secure=...) win over these defaults.
  const options: SMTPTransport.Options = {
    url: config.smtpUrl,
    connectionTimeout: SMTP_STEP_TIMEOUT_MS,
    greetingTimeout: SMTP_STEP_TIMEOUT_MS,
    socketTimeout: SMTP_STEP_TIMEOUT_MS,
  };
  const transport = nodemailer.createTransport(options);
  return {
    async send(mail) {
      await withDeadline(transport.sendMail({ from: config.from, ...mail }), SEND_DEADLINE_MS);
    },
    close: () => transport.close(),
  };
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`SMTP send took over ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
