import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import type { Database } from "./client";
import { isUniqueViolation, uniqueViolationOf } from "./driver-errors";

/** The driver's own error: what a raw client call or a failed commit throws. */
const bare = (code: string, constraint?: string) =>
  Object.assign(new Error("duplicate key value violates unique constraint"), { code, constraint });

/** As drizzle throws it: its DrizzleQueryError with the driver's error as the cause. */
const wrapped = (code: string, constraint?: string) =>
  new Error("Failed query: insert into ...\nparams: ", { cause: bare(code, constraint) });

describe("isUniqueViolation", () => {
  it("reads SQLSTATE 23505 on the driver's error and under drizzle's wrapper", () => {
    for (const wrap of [bare, wrapped]) {
      expect(isUniqueViolation(wrap("23505", "users_username_idx"))).toBe(true);
      expect(isUniqueViolation(wrap("23505", "users_username_idx"), "users_username_idx")).toBe(
        true,
      );
      expect(isUniqueViolation(wrap("23505", "users_email_idx"), "users_username_idx")).toBe(false);
      expect(isUniqueViolation(wrap("23503", "users_username_idx"))).toBe(false);
      expect(uniqueViolationOf(wrap("23505", "users_email_idx"))).toEqual({
        index: "users_email_idx",
      });
      expect(uniqueViolationOf(wrap("23505"))).toEqual({ index: undefined });
      expect(uniqueViolationOf(wrap("22P02"))).toBeUndefined();
    }
    expect(isUniqueViolation(new Error("no code"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

// The same, thrown by the driver this run uses (PGlite, or node-postgres with TEST_DATABASE_URL).
describe("isUniqueViolation on the database's own error", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table unique_probe (name text)`);
    await database.db.execute(
      sql`create unique index unique_probe_name_idx on unique_probe (name)`,
    );
    await database.db.execute(sql`insert into unique_probe values ('taken')`);
  });
  afterAll(() => database?.close());

  const failure = (statement: () => Promise<unknown>) =>
    statement().then(
      () => expect.fail("the statement should have failed"),
      (error: unknown) => error,
    );

  it("names the index that refused the write, in a statement and in a transaction", async () => {
    const inStatement = await failure(() =>
      database.db.execute(sql`insert into unique_probe values ('taken')`),
    );
    expect(uniqueViolationOf(inStatement)).toEqual({ index: "unique_probe_name_idx" });
    const inTransaction = await failure(() =>
      database.db.transaction((tx) => tx.execute(sql`insert into unique_probe values ('taken')`)),
    );
    expect(isUniqueViolation(inTransaction, "unique_probe_name_idx")).toBe(true);
    const otherFailure = await failure(() =>
      database.db.execute(sql`insert into unique_probe values (1::int / 0)`),
    );
    expect(isUniqueViolation(otherFailure)).toBe(false);
  });
});
