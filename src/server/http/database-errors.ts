// Classifies errors from the database drivers (node-postgres, PGlite, wrapped by drizzle): input
// that does not fit the data (4xx) versus a database that cannot serve right now (503).
import type { ErrorCode } from "../../domain/error-codes";
import { driverErrorOf, uniqueViolationOf } from "../db/driver-errors";

function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    messages.push(String((current as Error).message ?? ""));
    current = (current as { cause?: unknown }).cause;
  }
  return messages;
}

export interface InputError {
  status: 400 | 409;
  code: ErrorCode;
  message: string;
}

const invalidValue: InputError = {
  status: 400,
  code: "VALIDATION_FAILED",
  message: "Invalid value",
};

// SQLSTATEs that mean "the request did not fit the data", not a server bug. The request schemas
// should refuse all of these first; this is the last line, so that nothing a client sends is a 500.
const inputErrors: Record<string, InputError> = {
  "23503": {
    status: 409,
    code: "STILL_REFERENCED",
    message: "This record is still referenced by other records",
  },
  "23502": invalidValue, // not_null_violation
  "23514": invalidValue, // check_violation
  "22P02": invalidValue, // invalid_text_representation
  "22021": invalidValue, // character_not_in_repertoire (a NUL byte in text)
  "22P05": invalidValue, // untranslatable_character (\u0000 in JSON)
  "22003": { status: 400, code: "VALIDATION_FAILED", message: "A number is out of range" },
  "22007": { status: 400, code: "VALIDATION_FAILED", message: "Invalid date" },
  "22008": { status: 400, code: "VALIDATION_FAILED", message: "Invalid date" },
  "22001": { status: 400, code: "VALIDATION_FAILED", message: "A value is too long" },
  "54000": { status: 400, code: "VALIDATION_FAILED", message: "A value is too long" }, // index row too big
};

/** The 4xx answer for a database error caused by the request's data, or undefined. */
export function inputErrorOf(error: unknown): InputError | undefined {
  const unique = uniqueViolationOf(error);
  if (unique) {
    // Unique violations name their index: the client can tell which value is taken.
    if (unique.index?.includes("username")) {
      return { status: 409, code: "DUPLICATE_USERNAME", message: "Username already exists" };
    }
    if (unique.index?.includes("email")) {
      return { status: 409, code: "DUPLICATE_EMAIL", message: "Email already exists" };
    }
    return {
      status: 409,
      code: "DUPLICATE_RECORD",
      message: "A record with these details already exists",
    };
  }
  const { code } = driverErrorOf(error);
  return code ? inputErrors[code] : undefined;
}

// Why a database that answers refuses to store anything, by SQLSTATE or errno. PostgreSQL says
// 53100 when a table cannot grow on a full disk (and when its quota is used up: errno EDQUOT); the
// embedded database's file system may report the errno itself. 25006 is a server in read-only
// mode: a standby after a fail-over, or default_transaction_read_only.
const writeRefusedCodes: Record<string, string> = {
  "53100": "the database's disk is full",
  ENOSPC: "the database's disk is full",
  EDQUOT: "the database's disk quota is used up",
  "25006": "the database is read-only",
  EROFS: "the database's file system is read-only",
};

/** A short reason when the database refuses writes (full disk, read-only), else undefined. */
export function writeRefusedReasonOf(error: unknown): string | undefined {
  const { code } = driverErrorOf(error);
  return code ? writeRefusedCodes[code] : undefined;
}

// Transactions the database ended because another ran into them at the same moment: a deadlock,
// a serialization failure, a lock not free in time. Nothing was written and the same request
// succeeds when sent again, so these are a moment's unavailability (503), not a bug (500).
const concurrentChangeCodes = new Set(["40001", "40P01", "55P03"]);

/** Whether the database ended the request's transaction over a concurrent one (retry succeeds). */
export const isConcurrentChangeError = (error: unknown): boolean =>
  concurrentChangeCodes.has(driverErrorOf(error).code ?? "");

// Why a database cannot serve, by SQLSTATE or socket errno. Class 08 is "connection exception".
const unavailableCodes: Record<string, string> = {
  ...writeRefusedCodes,
  "53000": "the database server has insufficient resources",
  "53200": "the database server is out of memory",
  "57P01": "the database server is shutting down or ended the connection",
  "57P02": "the database server crashed",
  "57P03": "the database server is starting up or cannot accept connections now",
  "53300": "the database server has too many connections",
  "53400": "the database server is out of resources",
  "3D000": "the database does not exist",
  "28000": "the database refused the sign-in",
  "28P01": "the database refused the sign-in",
  ECONNREFUSED: "the database server refuses connections",
  ECONNRESET: "the connection to the database was reset",
  EPIPE: "the connection to the database was lost",
  ETIMEDOUT: "the database server does not answer",
  EHOSTUNREACH: "the database server cannot be reached",
  ENETUNREACH: "the database server cannot be reached",
  ENOTFOUND: "the database host name cannot be resolved",
  EAI_AGAIN: "the database host name cannot be resolved",
};

// Driver errors without a code (node-postgres and PGlite report these by message only).
const unavailableMessages: [RegExp, string][] = [
  [/connection terminated/i, "the connection to the database was lost"],
  [/timeout exceeded when trying to connect/i, "no database connection was free in time"],
  // A new connection that did not open within its time-out (db/client.ts CONNECT_TIMEOUT_MS).
  [/^timeout expired$/i, "the database server did not answer in time"],
  [/connection error and is not queryable/i, "the connection to the database was lost"],
  [/Cannot use a pool after calling end/i, "the database connection pool is closed"],
  [/PGlite is closed/i, "the embedded database is closed"],
  // The health check's own deadline (db/client.ts PING_TIMEOUT_MS).
  [/^database check timed out$/i, "the database did not answer in time"],
];

/**
 * A short reason when the error means the database cannot serve right now (the request may
 * succeed if retried), else undefined.
 */
export function unavailableReasonOf(error: unknown): string | undefined {
  const { code, message } = driverErrorOf(error);
  const messages = messagesOf(error);
  if (code?.startsWith("08")) return "the connection to the database failed";
  // 55000 is also raised for ordinary state problems; only "not accepting connections" (a
  // database with ALLOW_CONNECTIONS false) means unavailable.
  if (
    code === "55000" &&
    /not (currently )?accepting connections|does not allow connections/i.test(message)
  ) {
    return "the database does not accept connections";
  }
  if (code && unavailableCodes[code]) return unavailableCodes[code];
  for (const [pattern, reason] of unavailableMessages) {
    if (messages.some((text) => pattern.test(text))) return reason;
  }
  return undefined;
}
