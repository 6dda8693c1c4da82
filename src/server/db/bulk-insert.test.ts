import { asc, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import { bulkInsert } from "./bulk-insert";
import type { Database } from "./client";
import { licenses, users } from "./schema";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

// Cells that an array literal or a cast could get wrong.
const awkward = [
  'quote " and backslash \\ and comma , and {braces}',
  "NULL",
  "",
  " leading and trailing spaces ",
  "Ω≈ç√∫ Привет Ελληνικά 😀",
  "line\nbreak\ttab",
];

const licenseRows = (prefix: string) =>
  awkward.map((text, i) => ({
    name: `${prefix} ${i} ${text}`,
    licenseKeyCiphertext: `cipher ${text}`,
    licenseKeyMasked: "XXXX",
    licenseKeySearchTokens: i === 1 ? null : [text, "plain", 'with "quote"', "a,b", "{x}"],
    // undefined: the schema's default, as drizzle's insert writes it
    totalSeats: i % 2 === 0 ? undefined : i,
    notes: i === 2 ? null : text,
    paymentAmount: i === 3 ? undefined : [1234.56, 0.1, 9999999999.99][i % 3],
    expiryDate: i === 4 ? null : "2026-02-28",
    autoRenew: i % 3 === 0,
  }));

const readBack = (prefix: string) =>
  database.db
    .select()
    .from(licenses)
    .where(like(licenses.name, `${prefix} %`))
    .orderBy(asc(licenses.id));

describe("bulkInsert", () => {
  it("stores every row as drizzle's insert does, awkward text, arrays, nulls and defaults included", async () => {
    await database.db.insert(licenses).values(licenseRows("drizzle"));
    const ids = await bulkInsert(database.db, licenses, licenseRows("bulk"));
    const drizzle = await readBack("drizzle");
    const bulk = await readBack("bulk");
    expect(bulk).toHaveLength(awkward.length);
    // The created rows' ids, one per row (an import keeps them to be undone).
    expect([...ids].sort((a, b) => a - b)).toEqual(bulk.map((row) => row.id));
    const comparable = (row: (typeof bulk)[number]) => {
      const { id: _id, createdAt: _c, updatedAt: _u, name, ...rest } = row;
      return { ...rest, name: name.replace(/^\w+ /, "") };
    };
    expect(bulk.map(comparable)).toEqual(drizzle.map(comparable));
    expect(bulk[0]!.licenseKeySearchTokens).toEqual([
      awkward[0],
      "plain",
      'with "quote"',
      "a,b",
      "{x}",
    ]);
    expect(bulk[1]!.licenseKeySearchTokens).toBeNull();
    expect(bulk[1]!.notes).toBe("NULL");
    expect(bulk[0]!.totalSeats).toBe(5);
  });

  it("applies a boolean's default and writes within the caller's transaction", async () => {
    await database.db
      .transaction(async (tx) => {
        await bulkInsert(tx, users, [
          { username: "bulk-a", isActive: false },
          { username: "bulk-b" },
        ]);
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(await database.db.select().from(users).where(like(users.username, "bulk-%"))).toEqual(
      [],
    );
    await bulkInsert(database.db, users, [
      { username: "bulk-a", isActive: false },
      { username: "bulk-b" },
    ]);
    const rows = await database.db
      .select({ username: users.username, isActive: users.isActive, role: users.role })
      .from(users)
      .where(like(users.username, "bulk-%"))
      .orderBy(asc(users.username));
    expect(rows).toEqual([
      { username: "bulk-a", isActive: false, role: "user" },
      { username: "bulk-b", isActive: true, role: "user" },
    ]);
  });
});
