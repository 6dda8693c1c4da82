// Prepared statements for hot queries: built by Drizzle once per database handle and then only
// executed with new values. Building a query is a real share of a cheap request (about 50 µs for
// a list page, issue 7), and on PostgreSQL a named statement is also parsed only once per
// connection. PGlite runs the same statement text without preparing it, which is harmless.
import { is, Placeholder } from "drizzle-orm";
import type { Executor } from "./client";
import { checkedAgainstDrizzle, compileRowMapper, type SelectedField } from "./row-mapper";

interface Preparable<Prepared> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): Prepared;
}

const statementsByHandle = new WeakMap<
  Executor,
  Map<string, { text: string; prepared: unknown }>
>();

/**
 * Under the tests, every call builds the statement again and compares its text with the one
 * prepared under its name: a caller whose name misses something that changes the text (a list's
 * shape) fails there instead of silently running another caller's statement.
 */
const checkEveryUse = Boolean(process.env.VITEST);

/**
 * The statement named `name` on this handle, built by `build` the first time. `name` must stand
 * for exactly one statement text in the whole process: node-postgres refuses one name for two
 * texts on a connection.
 *
 * Every value the statement uses must be a placeholder (`sql.placeholder`), filled on each
 * execute: a value written into the statement would be reused by every later caller, so a
 * statement holding one is refused when it is built.
 */
export function preparedStatement<Prepared>(
  db: Executor,
  name: string,
  build: () => Preparable<Prepared>,
): Prepared {
  let statements = statementsByHandle.get(db);
  if (!statements) {
    statements = new Map();
    statementsByHandle.set(db, statements);
  }
  const known = statements.get(name);
  if (known && !checkEveryUse) return known.prepared as Prepared;

  const query = build();
  const { sql: text, params } = query.toSQL();
  if (params.some((param) => !is(param, Placeholder))) {
    throw new Error(`Prepared statement ${name} holds values instead of placeholders`);
  }
  if (known) {
    if (known.text !== text) throw new Error(`Prepared statement ${name} stands for two texts`);
    return known.prepared as Prepared;
  }
  const prepared = query.prepare(name);
  mapRowsCompiled(prepared);
  statements.set(name, { text, prepared });
  return prepared;
}

/** What a prepared select carries for Drizzle's mapping of its rows (its session's fields). */
interface MappedStatement {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** Rows mapped by a mapper compiled for this statement (db/row-mapper.ts), not field by field. */
function mapRowsCompiled(prepared: unknown) {
  const statement = prepared as MappedStatement;
  const { fields, joinsNotNullableMap } = statement;
  if (!fields || statement.customResultMapper) return;
  const mapper = compileRowMapper(fields, joinsNotNullableMap);
  statement.customResultMapper = checkEveryUse
    ? checkedAgainstDrizzle(mapper, fields, joinsNotNullableMap)
    : mapper;
}
