// A real SMTP server on a loopback port for the reminder tests: it receives what the mailer sends,
// parses each message, and can be told to refuse the next messages (a 451, as a busy relay does).
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpListener {
  url: string;
  received: ReceivedMail[];
  /** Refuse this many of the next messages (temporary failure), then accept again. */
  refuseNext(count: number): void;
  /** Messages refused so far. */
  refused(): number;
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtpListener(): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  let toRefuse = 0;
  let refusedCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          refusedCount += 1;
          const error = Object.assign(new Error("Mailbox busy, try again later"), {
            responseCode: 451,
          });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      toRefuse = count;
    },
    refused: () => refusedCount,
    clear() {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
