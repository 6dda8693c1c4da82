// Prepared statements for hot queries: built by Drizzle once per database handle and then only
// executed with new values. Building a query is a real share of a cheap request (about 50 µs for
// a list page, issue 7), and on PostgreSQL a named statement is also parsed only once per
// connection. PGlite runs the same statement text without preparing it, which is harmless.
import { is, Placeholder } from "drizzle-orm";
import type { Executor } from "./client";

interface Preparable<Prepared> {
  toSQL(): { params: unknown[] };
  prepare(name: string): Prepared;
}

const statementsByHandle = new WeakMap<Executor, Map<string, unknown>>();

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
  let statement = statements.get(name) as Prepared | undefined;
  if (!statement) {
    const query = build();
    const fixed = query.toSQL().params.filter((param) => !is(param, Placeholder));
    if (fixed.length > 0) {
      throw new Error(`Prepared statement ${name} holds values instead of placeholders`);
    }
    statement = query.prepare(name);
    statements.set(name, statement);
  }
  return statement;
}
