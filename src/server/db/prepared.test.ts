// preparedStatement: prepared once per handle and name, executed with each caller's own values;
// refused when a value was written into the statement (it would be served to every later caller)
// and, under the tests, when one name is asked for with two texts. Its rows are mapped by a
// mapper compiled for the statement, to the same objects as Drizzle's own mapping.
import { and, eq, like, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
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

  it("maps rows as Drizzle does: nested objects, a left join that found nothing, a figure", async () => {
    const { db } = database;
    const other = alias(users, "other");
    const build = () =>
      db
        .select({
          user: { name: users.username, createdAt: users.createdAt },
          other: { id: other.id, name: other.username },
          total: sql<number>`count(*) over ()`.mapWith(Number).as("total"),
        })
        .from(users)
        .leftJoin(other, and(eq(other.id, users.id), eq(other.username, sql.placeholder("joined"))))
        .where(like(users.username, sql.placeholder("prefix")))
        .orderBy(users.username);
    const values = { joined: "prepared-a", prefix: "prepared-%" };
    const rows = await preparedStatement(db, "qm_test_mapped_rows", build).execute(values);

    expect(rows).toEqual(await build().execute(values));
    expect(rows.map((row) => [row.user.name, row.other, row.total])).toEqual([
      ["prepared-a", { id: expect.any(Number), name: "prepared-a" }, 2],
      ["prepared-b", null, 2],
    ]);
    expect(rows[0]?.user.createdAt).toBeInstanceOf(Date);
  });

  it("maps fields around a nested object, keys in Drizzle's order", async () => {
    const { db } = database;
    const build = () =>
      db
        .select({
          id: users.id,
          person: { name: users.username, full: users.fullName, role: users.role },
          active: users.isActive,
        })
        .from(users)
        .where(eq(users.username, sql.placeholder("name")));
    const [row] = await preparedStatement(db, "qm_test_nested_rows", build).execute({
      name: "prepared-a",
    });
    expect(row).toEqual((await build().execute({ name: "prepared-a" }))[0]);
    expect(row?.person).toEqual({ name: "prepared-a", full: null, role: "user" });
    expect(JSON.stringify(row)).toBe(
      JSON.stringify((await build().execute({ name: "prepared-a" }))[0]),
    );
  });

  it("refuses a select key that an object literal would take for the prototype", () => {
    const { db } = database;
    expect(() =>
      preparedStatement(db, "qm_test_proto_key", () =>
        db
          .select({ ["__proto__"]: { id: users.id } })
          .from(users)
          .where(eq(users.id, sql.placeholder("id"))),
      ),
    ).toThrow("A select key named __proto__ cannot be mapped");
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
