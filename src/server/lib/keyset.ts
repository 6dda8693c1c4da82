// Keyset paging, the list kit's other way to a page (decision 0029, amended), for a list ordered
// by a timestamp and then the id whose every filter has an index ending in (timestamp, id).
// Instead of skipping `offset` rows, a page starts at a known row's position:
//
//   WHERE <filters> AND (occurred_at, id) < ($at, $id) ORDER BY occurred_at DESC, id DESC LIMIT n
//
// which PostgreSQL answers by seeking the index to the position, so the page costs the same at
// any depth. A page before the position is read in the opposite order and turned round.
// The cursor's format is in domain/schemas/cursor.ts (the query schemas read it).
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";
import { type CursorPosition, encodeCursor } from "../../domain/schemas/cursor";

export type SortOrder = "asc" | "desc";

/** Where a page starts: after a position (the next page) or before it (the previous page). */
export interface KeysetBounds {
  after?: CursorPosition;
  before?: CursorPosition;
}

/**
 * The row's timestamp as a cursor holds it: to the microsecond, in UTC. Select it beside the
 * row (a JS Date would lose the microseconds, and with them the row's place).
 */
export const cursorTimeOf = (time: AnyPgColumn) =>
  sql<string>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The condition and reading order of a keyset page in a list ordered by (time, id) in `order`:
 * `where` keeps the rows past the cursor (undefined without one), `read` is the order to read
 * them in, and `reversed` says the rows read must be turned round into the list's order.
 */
export function keysetWindow(
  time: AnyPgColumn,
  id: AnyPgColumn,
  order: SortOrder,
  bounds: KeysetBounds,
) {
  const position = bounds.after ?? bounds.before;
  if (!position) return { where: undefined, read: order, reversed: false };
  const forward = bounds.after !== undefined;
  // Going forward in a newest-first list means older rows (<); back means newer (>).
  const older = (order === "desc") === forward;
  const at = sql`${position.at}::timestamptz`;
  const where: SQL = older
    ? sql`(${time}, ${id}) < (${at}, ${position.id})`
    : sql`(${time}, ${id}) > (${at}, ${position.id})`;
  const flipped: SortOrder = order === "asc" ? "desc" : "asc";
  return { where, read: forward ? order : flipped, reversed: !forward };
}

/** A page's rows as the keyset needs them: each with its cursor time and id. */
export interface KeysetRow {
  cursorAt: string;
  id: number;
}

/**
 * The cursors of a page, in list order: `next` at its last row (ask `after=` it for the page
 * that follows), `prev` at its first (ask `before=` it for the page that comes before).
 */
export function pageCursors(rows: readonly KeysetRow[]) {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return null;
  return {
    next: encodeCursor({ at: last.cursorAt, id: last.id }),
    prev: encodeCursor({ at: first.cursorAt, id: first.id }),
  };
}

export const NEXT_CURSOR_HEADER = "X-Next-Cursor";
export const PREV_CURSOR_HEADER = "X-Prev-Cursor";

/** Beside X-Total-Count, a page's cursors ride in headers too: the body stays a bare array. */
export function sendCursors(reply: FastifyReply, cursors: ReturnType<typeof pageCursors>) {
  if (!cursors) return;
  reply.header(NEXT_CURSOR_HEADER, cursors.next);
  reply.header(PREV_CURSOR_HEADER, cursors.prev);
}
