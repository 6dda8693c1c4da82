// A timestamp as the API answers it (ISO 8601 in UTC to the millisecond, Date#toISOString's
// text), read straight from PostgreSQL's own text where a list returns many. Drizzle turns a
// timestamptz's text into a Date (V8's slow legacy date parser) and the response turns it back
// into text: about 1.3 µs a value on this project's machines, 65 µs of a page of 50 users
// (issue 7). A list selects `isoTimestamp(column)` instead; a single row keeps its Date.
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** The column as ISO text; null stays null (Drizzle does not map a null). */
export const isoTimestamp = (column: PgColumn): SQL<string> =>
  sql<string>`${column}`.mapWith(isoFromPostgres);

/**
 * PostgreSQL's text of a timestamptz ("2026-11-27 13:10:35.123456+00" with DateStyle ISO, the
 * default) as Date#toISOString would write it: the fraction cut to milliseconds, as Date keeps
 * it. Only a UTC session's text (offset +00, four-digit year) is rewritten in place; anything
 * else (a session in another time zone, a year past 9999 or BC) goes through Date, as before.
 */
export function isoFromPostgres(text: string): string {
  const length = text.length;
  if (
    length >= 22 &&
    text.charCodeAt(10) === SPACE &&
    text.endsWith("+00") &&
    (length === 22 || text.charCodeAt(19) === DOT)
  ) {
    const fraction = length === 22 ? "" : text.slice(20, Math.min(23, length - 3));
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction.padEnd(3, "0")}Z`;
  }
  return new Date(text).toISOString();
}

const SPACE = 32;
const DOT = 46;

/** A timestamp as the API's text: a list's (already text) or a single row's Date. */
export const isoText = (value: Date | string): string =>
  typeof value === "string" ? value : value.toISOString();
