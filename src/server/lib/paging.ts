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
// A list whose statement text is fixed by a few choices (which filters are set, the sort; no
// search text) can have its pages prepared: built once per such shape, then only executed.
import { count, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";
import type { Executor } from "../db/client";
import { preparedStatement } from "../db/prepared";

export interface PageBounds {
  limit?: number;
  offset?: number;
  /** false: the caller knows the total, count only when the page alone cannot tell it. */
  withTotal?: boolean;
}

export interface Page<Row> {
  rows: Row[];
  /**
   * Rows the conditions match, when a page was asked for (limit or offset); else null, and also
   * null for a full page asked for `withTotal: false`.
   */
  total: number | null;
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
  options: {
    from: PgTable;
    where: SQL | undefined;
    bounds: PageBounds;
    select: (total: SQL.Aliased<number>) => Q;
    statement?: PageStatement;
  },
): Promise<Page<Awaited<Q>[number]>> {
  const { from, where, bounds, statement } = options;
  if (statement) return selectPageWithPlaceholders(db, options, statement);
  let query = options.select(totalOf(from, where, bounds));
  if (!isPaged(bounds)) return { rows: await query, total: null };

  if (bounds.limit !== undefined) query = query.limit(bounds.limit) as Q;
  if (bounds.offset) query = query.offset(bounds.offset) as Q;
  return withTotal(bounds, await query, () => countRows(db, from, where));
}

async function selectPageWithPlaceholders<Q extends PgSelect>(
  db: Executor,
  options: {
    from: PgTable;
    where: SQL | undefined;
    bounds: PageBounds;
    select: (total: SQL.Aliased<number>) => Q;
  },
  statement: PageStatement,
): Promise<Page<Awaited<Q>[number]>> {
  const { from, where, bounds } = options;
  const buildPage = () => {
    let query = options.select(totalOf(from, where, bounds));
    if (bounds.limit !== undefined) query = query.limit(sql.placeholder("limit")) as Q;
    if (bounds.offset) query = query.offset(sql.placeholder("offset")) as Q;
    return query;
  };
  const buildCount = () => db.select({ total: count() }).from(from).where(where);
  const paging = [counts(bounds) && "counted", bounds.limit !== undefined && "limit"];
  const values = { ...statement.values, limit: bounds.limit, offset: bounds.offset };
  const rows = (await (statement.shape === undefined
    ? buildPage().execute(values)
    : preparedStatement(
        db,
        statementName(statement, [...paging, bounds.offset && "offset"].join()),
        buildPage,
      ).execute(values))) as Awaited<Q>[number][];
  if (!isPaged(bounds)) return { rows, total: null };
  return withTotal(bounds, rows, async () => {
    const [counted] = await (statement.shape === undefined
      ? buildCount().execute(statement.values)
      : preparedStatement(db, statementName(statement, "count"), buildCount).execute(
          statement.values,
        ));
    return Number(counted?.total ?? 0);
  });
}

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

/**
 * selectPage for a list whose orders an index covers (key columns, id last, and every column
 * the order reads): the page's ids come first, from an index-only scan in list order, and only
 * those rows are then read and joined. A deep OFFSET then skips index entries instead of reading
 * (and joining, or sorting) every table row before the page. Still one statement.
 * `select` builds the query for the rows matching `rows` (its WHERE), orders them by `order`
 * itself and puts `total` among its fields; `order` must end with a unique column (the id).
 */
export async function selectPageByIds<Q extends PgSelect>(
  db: Executor,
  options: {
    from: PgTable;
    where: SQL | undefined;
    bounds: PageBounds;
    id: AnyPgColumn;
    order: SQL[];
    select: (total: SQL.Aliased<number>, rows: SQL | undefined) => Q;
  },
): Promise<Page<Awaited<Q>[number]>> {
  const { from, where, bounds } = options;
  if (!isPaged(bounds))
    return { rows: await options.select(totalOf(from, where, bounds), where), total: null };

  let ids = db
    .select({ id: options.id })
    .from(from)
    .where(where)
    .orderBy(...options.order)
    .$dynamic();
  if (bounds.limit !== undefined) ids = ids.limit(bounds.limit);
  if (bounds.offset) ids = ids.offset(bounds.offset);
  const rows = await options.select(totalOf(from, where, bounds), inArray(options.id, ids));
  return withTotal(bounds, rows, () => countRows(db, from, where));
}

const isPaged = (bounds: PageBounds) => bounds.limit !== undefined || bounds.offset !== undefined;

const counts = (bounds: PageBounds) => isPaged(bounds) && bounds.withTotal !== false;

/** The total as a field of the page's SELECT: the count, or a constant null when not counted. */
const totalOf = (from: PgTable, where: SQL | undefined, bounds: PageBounds) =>
  (counts(bounds)
    ? sql<number>`(select count(*) from ${from} where ${where ?? sql`true`})`
    : sql<number>`null::bigint`
  )
    .mapWith(Number)
    .as("total");

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
  const offset = bounds.offset ?? 0;
  if (rows.length > 0) {
    if (counts(bounds)) return { rows, total: rows[0]!.total };
    // Not counted: a short page is the list's end, a full one tells nothing.
    const short = bounds.limit === undefined || rows.length < bounds.limit;
    return { rows, total: short ? offset + rows.length : null };
  }
  // An empty page says nothing about the total: none at the start, or a page past the end.
  if (!offset) return { rows, total: 0 };
  return { rows, total: await countAll() };
}

/** The list stays a bare array (the spec's client reads one); a page's total rides in a header. */
export function sendPage<Row>(reply: FastifyReply, rows: Row[], total: number | null) {
  if (total !== null) reply.header("X-Total-Count", String(total));
  return rows;
}
