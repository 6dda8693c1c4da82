// The list kit's keyset cursor (decision 0029, amended): the position of one row in a list ordered
// by a timestamp and then the id, as `after=` or `before=` in a list call's query string and in
// the X-Next-Cursor / X-Prev-Cursor headers of a page's answer (server/lib/keyset.ts).
//
// To a client the cursor is opaque (base64url of `[time, id]`): it hands back what the server
// sent. The time is PostgreSQL's own value to the microsecond, in UTC, not a JS Date's
// milliseconds: two records of one millisecond would otherwise compare wrongly at a page's edge,
// and a page would skip or repeat rows. Read strictly, so anything else is a 400, never a 500.
import { z } from "zod";

/** Where one row sits in the order: its timestamp (microseconds, UTC) and its id. */
export interface CursorPosition {
  at: string;
  id: number;
}

export const CURSOR_MESSAGE = "Cursor must be one that a page of this list answered with";

const MICROSECOND_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,200}$/;

/** A real instant written to the microsecond in UTC (month 13 or 30 February are not). */
function isMicrosecondTime(text: string) {
  if (!MICROSECOND_TIME.test(text)) return false;
  const milliseconds = new Date(`${text.slice(0, 23)}Z`);
  return (
    !Number.isNaN(milliseconds.getTime()) && milliseconds.toISOString() === `${text.slice(0, 23)}Z`
  );
}

const toBase64Url = (text: string) =>
  btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

export function encodeCursor(position: CursorPosition): string {
  return toBase64Url(JSON.stringify([position.at, position.id]));
}

/** The position a cursor names, or null when it is not one this server could have written. */
export function decodeCursor(cursor: string): CursorPosition | null {
  if (!BASE64URL.test(cursor)) return null;
  let value: unknown;
  try {
    value = JSON.parse(atob(cursor.replaceAll("-", "+").replaceAll("_", "/")));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [at, id] = value as unknown[];
  if (typeof at !== "string" || !isMicrosecondTime(at)) return null;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) return null;
  const position = { at, id };
  // One spelling per position: padding or other bytes that decode the same are refused.
  return encodeCursor(position) === cursor ? position : null;
}

/** A cursor from a query string → its position; blank is no cursor. */
export const cursorSchema = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string({ error: CURSOR_MESSAGE })
    .transform((cursor, context) => {
      const position = decodeCursor(cursor);
      if (position) return position;
      context.addIssue({ code: "custom", message: CURSOR_MESSAGE });
      return z.NEVER;
    })
    .optional(),
);
