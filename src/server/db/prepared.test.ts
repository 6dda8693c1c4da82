// preparedStatement: prepared once per handle and name, executed with each caller's own values;
// refused when a value was written into the statement (it would be served to every later caller)
// and, under the tests, when one name is asked for with two texts.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import type { Database } from "./client";
import { preparedStatement } from "./prepared";
import { users } from "./schema";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(users).values([
    { username: "prepared-a", passwordHash: "x" },
    { username: "prepared-b", passwordHash: "x" },
  ]);
});
afterAll(() => database.close());

describe("preparedStatement", () => {
  it("prepares a statement once and fills its placeholders from each execute", async () => {
    const { db } = database;
    const byName = () =>
      preparedStatement(db, "qm_test_user_by_name", () =>
        db
          .select({ username: users.username })
          .from(users)
          .where(eq(users.username, sql.placeholder("name"))),
      );
    const statement = byName();
    expect(byName()).toBe(statement);
    expect(await statement.execute({ name: "prepared-a" })).toEqual([{ username: "prepared-a" }]);
    expect(await byName().execute({ name: "prepared-b" })).toEqual([{ username: "prepared-b" }]);
  });

  it("refuses a statement that holds a value instead of a placeholder", () => {
    const { db } = database;
    expect(() =>
      preparedStatement(db, "qm_test_fixed_value", () =>
        db.select({ id: users.id }).from(users).where(eq(users.username, "prepared-a")),
      ),
    ).toThrow("Prepared statement qm_test_fixed_value holds values instead of placeholders");
  });

  it("refuses, under the tests, one name used for two statement texts", () => {
    const { db } = database;
    const byColumn = (column: typeof users.username | typeof users.fullName) =>
      preparedStatement(db, "qm_test_two_texts", () =>
        db
          .select({ id: users.id })
          .from(users)
          .where(eq(column, sql.placeholder("value"))),
      );
    byColumn(users.username);
    expect(() => byColumn(users.fullName)).toThrow(
      "Prepared statement qm_test_two_texts stands for two texts",
    );
  });
});
