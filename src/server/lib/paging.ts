// The list kit's server half: one page of a list and the number of rows its conditions match.
//
// The total is a scalar subquery in the page's own SELECT, so both come from one statement and
// therefore one snapshot: a row added or deleted between two statements can never make the
// page and X-Total-Count disagree, and it costs no extra round trip. The page query keeps its
// ORDER BY ... LIMIT, so PostgreSQL can still walk an index for the page.
//
// A client that already knows the total (it read another page of the same search and filters)
// asks with `withTotal: false`; then nothing is counted unless the page itself tells the total:
// a short page ends the list (offset + rows), and an empty page past the end is counted.
//
// A page past an offset can be read ids first (PageQuery.ids): its ids from the list's order
// alone (an index-only scan of the order's index skips the offset's entries without reading their
// rows), then only those rows read, joined and sorted. Read whole, a deep page read (and joined)
// every row it skipped: a jump to page 500 by its address cost 500 pages.
//
// A list whose statement text is fixed by a few choices (which filters are set, the sort; no
// search text) can have its pages prepared: built once per such shape, then only executed.
//
// A list that can say its total is an estimate (`estimate: true`, with X-Total-Count-Estimated)
// takes the planner's estimate instead of count(*) when nothing narrows it (no search, no filter)
// and its table holds at least LARGE_TABLE_ROWS: counting every row of a big table is the cost
// that grows with it, and nobody reads "of about 1,000,000" digit by digit (decision 0029).
import { count, getTableName, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";
import type { Executor } from "../db/client";
import { preparedStatement } from "../db/prepared";

export interface PageBounds {
  limit?: number;
  offset?: number;
  /** false: the caller knows the total, count only when the page alone cannot tell it. */
  withTotal?: boolean;
  /**
   * true: an unfiltered total of a table of LARGE_TABLE_ROWS or more may be the planner's
   * estimate (Page.estimated). Only for a list whose route passes `estimated` on to sendPage.
   */
  estimate?: boolean;
  /**
   * true: `offset` counts from a cursor (lib/keyset.ts), not from the list's start, so a short or
   * empty page says nothing about the total: only a count (or the estimate) tells it.
   */
  anchored?: boolean;
}

/**
 * From how many rows (the planner's estimate) an unfiltered total is estimated, not counted.
 * Below it count(*) costs a few milliseconds and the total stays exact: the whole activity log's
 * count took 47-94 ms per 1,000,000 rows on PostgreSQL (quiet to loaded) and 84 ms on PGlite,
 * so some 5 to 10 ms at this size (decision 0029).
 */
export const LARGE_TABLE_ROWS = 100_000;

export interface Page<Row> {
  rows: Row[];
  /**
   * Rows the conditions match, when a page was asked for (limit or offset); else null, and also
   * null for a full page asked for `withTotal: false`.
   */
  total: number | null;
  /** The total is the planner's estimate, not a count (only with `estimate: true`). */
  estimated: boolean;
}

/**
 * A page statement whose values are placeholders (`sql.placeholder(name)` in `where` and
 * `select`), filled from `values`. With a `shape`, the statement is prepared once and reused
 * (db/prepared.ts): `shape` names everything that changes its text (which filters are set, the
 * sort and its direction), never a value. Without one (a search) it is built for the request:
 * PostgreSQL may settle on one generic plan for a prepared statement, and a pattern's best plan
 * depends on the pattern.
 */
export interface PageStatement {
  /** The list, unique in the application: "users". */
  list: string;
  shape: string | undefined;
  values: Record<string, unknown>;
}

/**
 * How a list's page ids are read alone, in list order: the rows' condition (every filter, the
 * cursor's window too) and the order, ending with the id. Its index holds the order's expressions
 * and, for an index-only scan, every column the condition and the order read.
 */
export interface PageIds {
  id: AnyPgColumn;
  where: SQL | undefined;
  orderBy: SQL[];
}

/** A list's page as selectPage reads it: what the total counts, the bounds and the query. */
interface PageQuery<Q extends PgSelect> {
  from: PgTable;
  where: SQL | undefined;
  bounds: PageBounds;
  /**
   * The list's query. With `pageIds` (a page read ids first) it keeps exactly the rows of that
   * condition, in list order, and none of its own filters: the page's ids met them already.
   */
  select: (total: SQL.Aliased<number>, pageIds?: SQL) => Q;
  statement?: PageStatement;
  /** Given: a page past an offset is read ids first (the header). */
  ids?: PageIds;
}

/**
 * Runs a list query as one page with its total, or whole when neither limit nor offset is set.
 * `select` builds the list's query (fields, joins, where, order; `.$dynamic()`) and must put
 * the `total` it is given among its fields; `from` and `where` are what the total counts.
 *
 *   const page = await selectPage(db, { from: users, where, bounds: query,
 *     select: (total) => db.select({ user: userColumns, total }).from(users).where(where)
 *       .orderBy(...order).$dynamic() });
 */
export async function selectPage<Q extends PgSelect>(
  db: Executor,
  options: PageQuery<Q>,
): Promise<Page<Awaited<Q>[number]>> {
  const { from, where, bounds, statement } = options;
  if (statement) return selectPageWithPlaceholders(db, options, statement);
  const total = totalOf(from, where, bounds);
  if (!isPaged(bounds)) return { rows: await options.select(total), total: null, estimated: false };

  const pageRows = async () => {
    if (readsIdsFirst(options)) {
      return options.select(total, pageIdsIn(db, from, options.ids, bounds.limit, bounds.offset));
    }
    let query = options.select(total);
    if (bounds.limit !== undefined) query = query.limit(bounds.limit) as Q;
    if (bounds.offset) query = query.offset(bounds.offset) as Q;
    return query;
  };
  return withTotal(bounds, await pageRows(), () => countRows(db, from, where));
}

/** Whether the page is read ids first: it starts past an offset, and the list says how. */
const readsIdsFirst = <Q extends PgSelect>(
  options: PageQuery<Q>,
): options is PageQuery<Q> & { ids: PageIds } =>
  options.ids !== undefined && isPaged(options.bounds) && (options.bounds.offset ?? 0) > 0;

/**
 * The page's rows as a condition: the ids of the list's order past `offset`, read from the table
 * alone (an index-only scan of the order's index when it holds every column read), `limit` of them.
 */
export function pageIdsIn(
  db: Executor,
  from: PgTable,
  ids: PageIds,
  limit: number | Placeholder | undefined,
  offset: number | Placeholder | undefined,
) {
  let query = db
    .select({ id: ids.id })
    .from(from)
    .where(ids.where)
    .orderBy(...ids.orderBy)
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit);
  if (offset !== undefined) query = query.offset(offset);
  return inArray(ids.id, query);
}

async function selectPageWithPlaceholders<Q extends PgSelect>(
  db: Executor,
  options: PageQuery<Q>,
  statement: PageStatement,
): Promise<Page<Awaited<Q>[number]>> {
  const { from, where, bounds } = options;
  // A page always has a LIMIT and an OFFSET, so that a shape has four statements, not one per
  // combination: the page counted, not counted, its count, and the whole list. Each one prepared
  // costs the server tens of kB per connection. The whole list has neither: with a LIMIT whose
  // value it does not know, a generic plan reckons on a tenth of the rows and may walk an index
  // in list order past every row a filter rejects (a page's seats walked all assignments by
  // date: 1.3 ms instead of 0.6 at 5,000 of them, and growing with the table).
  // A page read ids first (past an offset) is a statement of its own for each form: its LIMIT
  // and OFFSET are on the ids' subquery, the page around it has neither.
  const paged = isPaged(bounds);
  const idsFirst = readsIdsFirst(options);
  const limit = sql.placeholder("limit");
  const offset = sql.placeholder("offset");
  const buildPage = () => {
    const total = totalOf(from, where, bounds);
    if (idsFirst) return options.select(total, pageIdsIn(db, from, options.ids, limit, offset));
    const query = options.select(total);
    return paged ? query.limit(limit).offset(offset) : query;
  };
  const buildCount = () => db.select({ total: count() }).from(from).where(where);
  const values = { ...statement.values, limit: bounds.limit ?? null, offset: bounds.offset ?? 0 };
  const form = paged ? `${totalForm(where, bounds)}${idsFirst ? ".ids" : ""}` : "whole";
  const rows = (await (statement.shape === undefined
    ? buildPage().execute(values)
    : preparedStatement(db, statementName(statement, form), buildPage).execute(
        values,
      ))) as Awaited<Q>[number][];
  if (!paged) return { rows, total: null, estimated: false };
  return withTotal(bounds, rows, async () => {
    const [counted] = await (statement.shape === undefined
      ? buildCount().execute(statement.values)
      : preparedStatement(db, statementName(statement, "count"), buildCount).execute(
          statement.values,
        ));
    return Number(counted?.total ?? 0);
  });
}

/** What the page's total field is: it changes the statement's text (totalOf). */
const totalForm = (where: SQL | undefined, bounds: PageBounds) => {
  if (!counts(bounds)) return "uncounted";
  return where === undefined && bounds.estimate ? "estimated" : "counted";
};

/** One name for each statement text of the process: a list, its shape and the page's form. */
const statementNames = new Map<string, string>();
function statementName(statement: PageStatement, form: string) {
  const key = `${statement.list}|${statement.shape}|${form}`;
  let name = statementNames.get(key);
  if (!name) {
    name = `qm_page_${statement.list}_${statementNames.size + 1}`;
    statementNames.set(key, name);
  }
  return name;
}

const isPaged = (bounds: PageBounds) => bounds.limit !== undefined || bounds.offset !== undefined;

const counts = (bounds: PageBounds) => isPaged(bounds) && bounds.withTotal !== false;

/**
 * The total as a field of the page's SELECT: the count, the planner's estimate, or a constant null
 * when not counted. An estimate comes back negated, so that one bigint field carries both (a
 * count is never negative); withTotal() turns it back.
 */
const totalOf = (from: PgTable, where: SQL | undefined, bounds: PageBounds) => {
  if (!counts(bounds)) return sql<number>`null::bigint`.mapWith(Number).as("total");
  const counted = sql`(select count(*) from ${from} where ${where ?? sql`true`})`;
  if (where !== undefined || !bounds.estimate)
    return sql<number>`${counted}`.mapWith(Number).as("total");
  // Counted after all below the threshold, and when the estimate is null (never analyzed).
  return sql<number>`(select case when estimate.rows >= ${sql.raw(String(LARGE_TABLE_ROWS))}
        then -estimate.rows
      else ${counted} end
    from (select ${plannerEstimate(from)} as rows) as estimate)`
    .mapWith(Number)
    .as("total");
};

/**
 * The planner's own row estimate of a table (estimate_rel_size in PostgreSQL): the density of the
 * last ANALYZE or VACUUM (reltuples / relpages) times the table's pages now, so it follows the
 * table's growth between two analyzes. Null when the table was never analyzed (reltuples < 0) or
 * was empty then (relpages = 0): no density to go by. Reads pg_class by its oid index and the
 * table file's size, whatever the table holds.
 */
const plannerEstimate = (table: PgTable) => sql`(select
    (reltuples / relpages * (pg_relation_size(oid) / current_setting('block_size')::float8))::int8
  from pg_class
  where oid = ${regclassOf(table)} and reltuples >= 0 and relpages > 0)`;

/**
 * The table's oid as a constant of the statement ('"activity_log"'::regclass), not a parameter:
 * a prepared page statement holds no values (db/prepared.ts). The name is the schema's own.
 */
const regclassOf = (table: PgTable) =>
  sql.raw(`'${`"${getTableName(table).replaceAll('"', '""')}"`.replaceAll("'", "''")}'::regclass`);

async function countRows(db: Executor, from: PgTable, where: SQL | undefined) {
  const [counted] = await db.select({ total: count() }).from(from).where(where);
  return Number(counted?.total ?? 0);
}

/** The page with its total: counted beside it, told by the page, or `countAll` when neither. */
async function withTotal<Row>(
  bounds: PageBounds,
  page: Row[],
  countAll: () => Promise<number>,
): Promise<Page<Row>> {
  const rows = page as (Row & { total: number })[];
  if (bounds.anchored) return anchoredTotal(bounds, rows);
  const offset = bounds.offset ?? 0;
  if (rows.length > 0) {
    // Not counted: a short page is the list's end, a full one tells nothing.
    const short = bounds.limit === undefined || rows.length < bounds.limit;
    if (!counts(bounds))
      return { rows, total: short ? offset + rows.length : null, estimated: false };
    const total = rows[0]!.total;
    if (total >= 0) return { rows, total, estimated: false };
    // Estimated. A short page ends the list, so it tells the exact total. A full page is never
    // said to end the list when the estimate is that far off (statistics older than the rows):
    // one more row may follow, so the screen offers the next page, which then ends the list
    // itself (short) or is past the end (counted exactly, below).
    if (short) return { rows, total: offset + rows.length, estimated: false };
    return { rows, total: Math.max(-total, offset + rows.length + 1), estimated: true };
  }
  // An empty page says nothing about the total: none at the start, or a page past the end. This
  // one is always counted exactly, also for an estimated list: the screen moves back to the last
  // page by it, and an estimate could send it past the end again.
  if (!offset) return { rows, total: 0, estimated: false };
  return { rows, total: await countAll(), estimated: false };
}

/**
 * A page's total from a cursor: what the statement counted beside the page. An empty page has no
 * row to carry it, and the client keeps the total it has (it turned to this page from another).
 */
function anchoredTotal<Row>(bounds: PageBounds, rows: (Row & { total: number })[]): Page<Row> {
  const first = rows[0];
  if (!counts(bounds) || !first) return { rows, total: null, estimated: false };
  return first.total >= 0
    ? { rows, total: first.total, estimated: false }
    : { rows, total: -first.total, estimated: true };
}

/**
 * The list stays a bare array (the spec's client reads one); a page's total rides in a header,
 * and X-Total-Count-Estimated: true beside it says the total is the planner's estimate.
 */
export function sendPage<Row>(
  reply: FastifyReply,
  rows: Row[],
  total: number | null,
  estimated = false,
) {
  if (total !== null) reply.header(TOTAL_HEADER, String(total));
  if (total !== null && estimated) reply.header(TOTAL_ESTIMATED_HEADER, "true");
  return rows;
}

export const TOTAL_HEADER = "X-Total-Count";
export const TOTAL_ESTIMATED_HEADER = "X-Total-Count-Estimated";
