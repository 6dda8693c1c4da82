// Logging without secrets.
// - Requests: a search can hold part of a license key (the list searches keys), so its value never
//   reaches the logs.
// - Errors: drizzle's query errors carry the statement's parameters (argon2id hashes, session-token
//   hashes, key ciphertext, search text) in their message and `params`; PostgreSQL's errors carry
//   row values in `detail`, and its data exceptions (class 22) quote the offending value in the
//   message. An error is logged as its type, its code, the statement (placeholders only, never the
//   parameters), the constraint it broke, its cause and its stack frames.
import type { FastifyRequest } from "fastify";

export function redactUrl(url: string): string {
  // code and state: the OpenID Connect callback's authorization code and state (auth/openid).
  // A calendar feed's path is its secret (calendar-feed/routes.ts): whoever reads it reads the feed.
  return url
    .replace(/([?&](?:search|code|state)=)[^&#]*/gi, "$1[redacted]")
    .replace(/(\/api\/calendar-feed\/)[^/?#]+/i, "$1[redacted]");
}

export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  statement?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack: string;
  cause?: LoggedError;
}

const MAX_STATEMENT_LENGTH = 300;

/** The message up to where drizzle appends the parameters; data exceptions withheld entirely. */
function safeMessage(message: string, code: string | undefined): string {
  if (code?.startsWith("22")) return "data exception (message withheld: it quotes the value)";
  const failedQuery = /^Failed query: /.test(message);
  if (failedQuery) return "Failed query";
  return message.split(/\nparams:/)[0] ?? "";
}

/** pino's `err` serializer: what is logged of an error. */
export const errorLogSerializer = (error: unknown): LoggedError =>
  describeError(error, 0) ?? { type: typeof error, message: "", stack: "" };

function describeError(error: unknown, depth: number): LoggedError | undefined {
  if (!error || typeof error !== "object" || depth > 4) return undefined;
  const value = error as Record<string, unknown>;
  const code = typeof value.code === "string" ? value.code : undefined;
  const logged: LoggedError = {
    type: (error as Error).name ?? error.constructor?.name ?? "Error",
    message: safeMessage(String(value.message ?? ""), code),
    stack: "",
  };
  if (code) logged.code = code;
  // drizzle's query error: the SQL text holds placeholders ($1...), the values sit in `params`.
  if (typeof value.query === "string") {
    logged.statement = value.query.slice(0, MAX_STATEMENT_LENGTH);
  }
  for (const key of ["constraint", "table", "column"] as const) {
    if (typeof value[key] === "string") logged[key] = value[key] as string;
  }
  if (typeof value.stack === "string") {
    // The first lines of a stack repeat the message; keep only the frames.
    logged.stack = value.stack
      .split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .join("\n");
  }
  const cause = describeError(value.cause, depth + 1);
  if (cause) logged.cause = cause;
  return logged;
}
