// Keyset paging, the list kit's way to a page at any depth (decisions 0029 and 0040). Instead of
// skipping `offset` rows, a page starts at a known row's position, and the last page is read
// from the end of the list in reverse:
//
//   WHERE <filters> AND (<flag>, <key...>, id) > ($flag, $key..., $id)
//   ORDER BY <flag>, <key...>, id LIMIT n
//
// which PostgreSQL answers by seeking an index on (<flag>, <key...>, id) to the position, so a
// page costs the same at any depth. Every term of a sort runs in the sort's one direction (its
// tie-breaks too): a row comparison is one index bound only then. A key that may be null leads
// with a flag, `(key is null)` when its nulls sort after the others in that direction, else
// `(key is not null)`: the nulls then sit at one end of the index, and the row comparison never
// meets a null (PostgreSQL's (a, b) > (x, y) is null as soon as a compared pair is).
// The cursor's format and its checks are in domain/schemas/cursor.ts.
import { and, asc, desc, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";
import {
  CURSOR_MESSAGE,
  type CursorPosition,
  type CursorValue,
  cursorTag,
  decodeCursor,
  encodeCursor,
  type KeyKind,
  type KeyPart,
  type ListCursors,
} from "../../domain/schemas/cursor";
import type { Executor } from "../db/client";
import { badRequest } from "../http/errors";
import { type PageBounds, type PageStatement, selectPage } from "./paging";

export type SortOrder = "asc" | "desc";

/** One sort of a list as SQL: its key expressions (each typed by the domain's key parts). */
export interface KeysetSort {
  tag: string;
  keys: readonly KeyPart[];
  exprs: readonly (SQL | AnyPgColumn)[];
  id: AnyPgColumn;
  /** Where rows without a first key go, in either direction (the list's NULLS placement). */
  nulls: "first" | "last";
}

/** A list's sort `sort` with its key expressions, in the order of the domain's key parts. */
export function keysetSort<S extends string>(
  cursors: ListCursors<S>,
  sort: S,
  exprs: readonly (SQL | AnyPgColumn)[],
  id: AnyPgColumn,
  nulls: "first" | "last" = "last",
): KeysetSort {
  const keys = cursors.sorts[sort];
  if (keys.length !== exprs.length) throw new Error(`${sort}: one expression per key part`);
  return { tag: cursorTag(cursors, sort), keys, exprs, id, nulls };
}

/**
 * The sort of a list narrowed to one value of the sort's first key (a filter `key = value`): no
 * row of it is blank, so no null flag leads, and the key is a constant the plan sees through. An
 * index on (key, the other keys, id), the filter's own, then walks the order; with the flag in
 * front no index served both the filter and the order, and the page was sorted in memory.
 */
export function withinOneKey(sort: KeysetSort): KeysetSort {
  return {
    ...sort,
    keys: sort.keys.map((part, index) => (index === 0 ? { ...part, nullable: false } : part)),
  };
}

/** The null flag of a nullable first key for `order`, or undefined: see the header. */
function nullFlag(sort: KeysetSort, order: SortOrder): { sql: SQL; nullIs: boolean } | undefined {
  if (!sort.keys[0]?.nullable) return undefined;
  const key = sort.exprs[0]!;
  // false sorts before true: ascending, `is null` puts the nulls last; descending, first.
  const isNull = (sort.nulls === "last") === (order === "asc");
  return isNull
    ? { sql: sql`(${key} is null)`, nullIs: true }
    : { sql: sql`(${key} is not null)`, nullIs: false };
}

/**
 * The ORDER BY of a sort in `order`, read in `read` (the other way: the list from its end): the
 * flag, the keys and the id, all one way. Each list's
 * index for the sort is on exactly these expressions, ascending (a backward scan reads `desc`).
 */
export function keysetOrder(sort: KeysetSort, order: SortOrder, read: SortOrder = order): SQL[] {
  const direction = read === "asc" ? asc : desc;
  // The flag is the list order's: read the other way, the nulls come first (the list reversed).
  const flag = nullFlag(sort, order);
  return [
    ...(flag ? [direction(flag.sql)] : []),
    ...sort.exprs.map((expr) => direction(expr)),
    direction(sort.id),
  ];
}

const CASTS: Record<KeyKind, string> = {
  text: "text",
  date: "date",
  numeric: "numeric",
  integer: "int8",
  timestamptz: "timestamptz",
};

/** A key's value as the cursor holds it: text to the microsecond for a time (a Date loses it). */
function cursorValueOf(expr: SQL | AnyPgColumn, kind: KeyKind): SQL {
  switch (kind) {
    case "timestamptz":
      return sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    case "date":
      return sql`to_char(${expr}, 'YYYY-MM-DD')`;
    case "numeric":
      return sql`(${expr})::text`;
    case "integer":
    case "text":
      return sql`${expr}`;
  }
}

/** The field to select beside each row: its sort key's values, for its cursor (pageCursors). */
export const cursorValues = (sort: KeysetSort) =>
  sql<CursorValue[]>`json_build_array(${sql.join(
    sort.keys.map((part, index) => cursorValueOf(sort.exprs[index]!, part.kind)),
    sql`, `,
  )})`;

/** What a list query says about where its page is: the list kit's keyset fields. */
export interface KeysetQuery {
  after?: string;
  before?: string;
  fromEnd?: boolean;
}

/**
 * The query's cursor as a position in `sort`. The query schema (withKeyset) checked every value
 * of it; what it could not see is the query's other fields: a cursor of another sort, or with
 * its opposite or fromEnd beside it, is a 400 here, still before any SQL.
 */
function positionOf(sort: KeysetSort, cursors: ListCursors, name: string, query: KeysetQuery) {
  const field = query.after !== undefined ? "after" : "before";
  const cursor = query.after ?? query.before;
  if (cursor === undefined) return undefined;
  if (query.after !== undefined && query.before !== undefined)
    throw badRequest("Give after or before, not both", [
      { path: "before", message: "Give after or before, not both" },
    ]);
  if (query.fromEnd)
    throw badRequest("fromEnd counts from the end, not from a cursor", [
      { path: "fromEnd", message: "fromEnd counts from the end, not from a cursor" },
    ]);
  const position = decodeCursor(cursor, cursors, name);
  // A blank first key is no row's in a sort without blanks (withinOneKey).
  const blankInvalid = position?.values[0] === null && !sort.keys[0]?.nullable;
  if (!position || position.tag !== sort.tag || blankInvalid)
    throw badRequest(CURSOR_MESSAGE, [{ path: field, message: CURSOR_MESSAGE }]);
  return position;
}

/**
 * A keyset page's window in a sort read in `order`: `where` keeps the rows past the cursor
 * (undefined without one), `orderBy` is the order to read them in (`read`), `reversed` says the
 * rows read must be turned round into the list's order, `values` fills the placeholders of
 * `where`, `shape` names the statement's text (for a prepared page, lib/paging.ts), and
 * `position` is the cursor's (for a list that narrows the rows itself, directories/amount-merge.ts).
 */
export function keysetWindow(
  sort: KeysetSort,
  order: SortOrder,
  cursors: ListCursors,
  sortName: string,
  query: KeysetQuery,
) {
  const position = positionOf(sort, cursors, sortName, query);
  const flipped: SortOrder = order === "asc" ? "desc" : "asc";
  const backwards =
    query.before !== undefined || (position === undefined && query.fromEnd === true);
  const read = backwards ? flipped : order;
  const orderBy = keysetOrder(sort, order, read);
  const mode = query.after ? "after" : query.before ? "before" : query.fromEnd ? "end" : "start";
  if (position === undefined) {
    return {
      where: undefined,
      orderBy,
      read,
      reversed: backwards,
      values: {},
      shape: `${order}.${mode}`,
      position,
    };
  }
  const { where, values, nullKey } = pastPosition(sort, order, position, read);
  return {
    where,
    orderBy,
    read,
    reversed: backwards,
    values,
    shape: `${order}.${mode}.${nullKey}`,
    position,
  };
}

export type KeysetWindow = ReturnType<typeof keysetWindow>;

/** Rows past `position` when reading in `read`, in the list's order `order` (its null flag). */
function pastPosition(
  sort: KeysetSort,
  order: SortOrder,
  position: CursorPosition,
  read: SortOrder,
) {
  const flag = nullFlag(sort, order);
  const left: (SQL | AnyPgColumn)[] = [];
  const right: SQL[] = [];
  const values: Record<string, unknown> = {};
  const nullKey = position.values[0] === null;
  if (flag) {
    left.push(flag.sql);
    values.keysetFlag = nullKey === flag.nullIs;
    right.push(sql`${sql.placeholder("keysetFlag")}::boolean`);
  }
  sort.keys.forEach((part, index) => {
    // A null first key is told by the flag: among the rows of one flag it is null in all.
    if (index === 0 && nullKey) return;
    const name = `keyset${index}`;
    values[name] = position.values[index];
    left.push(sort.exprs[index]!);
    right.push(sql`${sql.placeholder(name)}::${sql.raw(CASTS[part.kind])}`);
  });
  values.keysetId = position.id;
  left.push(sort.id);
  right.push(sql`${sql.placeholder("keysetId")}::int8`);
  const operator = read === "asc" ? sql`>` : sql`<`;
  const where = sql`(${sql.join(left, sql`, `)}) ${operator} (${sql.join(right, sql`, `)})`;
  return { where, values, nullKey };
}

/** A page's rows as the keyset needs them: each with its key values and id. */
export interface KeysetRow {
  cursor: CursorValue[];
  id: number;
}

/**
 * The cursors of a page, in list order: `next` at its last row (ask `after=` it for the page
 * that follows), `prev` at its first (ask `before=` it for the page that comes before).
 */
export function pageCursors(sort: KeysetSort, rows: readonly KeysetRow[]) {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return null;
  const at = (row: KeysetRow) => encodeCursor({ tag: sort.tag, values: row.cursor, id: row.id });
  return { next: at(last), prev: at(first) };
}

export type PageCursors = ReturnType<typeof pageCursors>;

/**
 * One page of a list by the keyset fields of its query, with its total and cursors. `select`
 * builds the list's query from the page's total field, cursor field and window: it must select
 * `total` and `cursor`, keep the rows of `window.where` (the list's filters are in it) and order
 * by `window.orderBy`. `where` is the list's filters, what the total counts (not the cursor).
 * Rows come back in list order.
 *
 * A page past an offset (a jump to a page by its number, from the start, the end or a cursor) is
 * read ids first (lib/paging.ts): its ids by the sort's index (where no index orders the sort, a
 * search's matches or `narrow`'s candidates are sorted instead), then `window.where` is just those.
 */
export async function selectKeysetPage<Q extends PgSelect>(
  db: Executor,
  options: {
    cursors: ListCursors;
    sortName: string;
    sort: KeysetSort;
    order: SortOrder;
    query: KeysetQuery;
    from: Parameters<typeof selectPage>[1]["from"];
    where: SQL | undefined;
    bounds: PageBounds;
    idOf: (row: Awaited<Q>[number]) => number;
    select: (
      total: SQL.Aliased<number>,
      cursor: SQL.Aliased<CursorValue[]>,
      window: Pick<KeysetWindow, "where" | "orderBy">,
    ) => Q;
    /**
     * A condition that keeps at least the page's rows, for a sort no one index walks (the
     * directories' amounts, directories/amount-merge.ts): it narrows what is read and sorted,
     * never what the total counts.
     */
    narrow?: (window: KeysetWindow) => SQL | undefined;
    statement: PageStatement;
  },
) {
  const { sort, order, query, statement } = options;
  const window = keysetWindow(sort, order, options.cursors, options.sortName, query);
  const anchored = query.after !== undefined || query.before !== undefined;
  const kept = and(options.where, window.where, options.narrow?.(window));
  const page = await selectPage(db, {
    from: options.from,
    where: options.where,
    bounds: { ...options.bounds, anchored },
    ids: { id: sort.id, where: kept, orderBy: window.orderBy },
    select: (total, pageIds) =>
      options.select(total, cursorValues(sort).as("cursor"), {
        where: pageIds ?? kept,
        orderBy: window.orderBy,
      }),
    statement: {
      ...statement,
      shape: statement.shape === undefined ? undefined : `${statement.shape}|${window.shape}`,
      values: { ...statement.values, ...window.values },
    },
  });
  const rows = window.reversed ? [...page.rows].reverse() : page.rows;
  return {
    rows,
    total: page.total,
    estimated: page.estimated,
    cursors: pageCursors(
      sort,
      rows.map((row) => ({
        cursor: (row as { cursor: CursorValue[] }).cursor,
        id: options.idOf(row),
      })),
    ),
  };
}

export const NEXT_CURSOR_HEADER = "X-Next-Cursor";
export const PREV_CURSOR_HEADER = "X-Prev-Cursor";

/** Beside X-Total-Count, a page's cursors ride in headers too: the body stays a bare array. */
export function sendCursors(reply: FastifyReply, cursors: PageCursors) {
  if (!cursors) return;
  reply.header(NEXT_CURSOR_HEADER, cursors.next);
  reply.header(PREV_CURSOR_HEADER, cursors.prev);
}
