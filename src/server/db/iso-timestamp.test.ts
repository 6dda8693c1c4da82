// isoTimestamp: a timestamptz read as the API's ISO text, equal to what the Date that Drizzle
// maps would give through toISOString, from a UTC session (rewritten in place) and from a
// session in another time zone (through Date).
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import type { Database } from "./client";
import { isoFromPostgres, isoText, isoTimestamp } from "./iso-timestamp";
import { users } from "./schema";

describe("isoFromPostgres", () => {
  it.each([
    ["2026-11-27 13:10:35.123456+00", "2026-11-27T13:10:35.123Z"],
    ["2026-11-27 13:10:35.999999+00", "2026-11-27T13:10:35.999Z"],
    ["2026-11-27 13:10:35.12+00", "2026-11-27T13:10:35.120Z"],
    ["2026-11-27 13:10:35.5+00", "2026-11-27T13:10:35.500Z"],
    ["2026-11-27 13:10:35+00", "2026-11-27T13:10:35.000Z"],
    ["2028-02-29 00:00:00.000001+00", "2028-02-29T00:00:00.000Z"],
    // V8's parser reads this year as 1999; the text is kept as it is.
    ["0099-01-01 00:00:00+00", "0099-01-01T00:00:00.000Z"],
    // Not a UTC session's four-digit year: through Date, as Drizzle maps it.
    ["2026-11-27 18:40:35.123456+05:30", "2026-11-27T13:10:35.123Z"],
    ["2026-11-27 08:10:35-05", "2026-11-27T13:10:35.000Z"],
    ["10000-01-01 00:00:00+00", "+010000-01-01T00:00:00.000Z"],
  ])("%s is %s", (text, iso) => {
    expect(isoFromPostgres(text)).toBe(iso);
  });

  it("agrees with Date for every millisecond fraction of a second in a UTC session", () => {
    for (let ms = 0; ms < 1000; ms++) {
      const fraction = String(ms * 1000 + 789).padStart(6, "0");
      const text = `2026-06-30 23:59:59.${fraction}+00`;
      expect(isoFromPostgres(text)).toBe(new Date(text).toISOString());
    }
  });

  it("isoText takes a list's text as it is and writes a single row's Date", () => {
    expect(isoText("2026-11-27T13:10:35.123Z")).toBe("2026-11-27T13:10:35.123Z");
    expect(isoText(new Date(Date.UTC(2026, 10, 27, 13, 10, 35, 123)))).toBe(
      "2026-11-27T13:10:35.123Z",
    );
  });
});

describe("isoTimestamp", () => {
  let database: Database;
  const stored = [
    "2026-11-27 13:10:35.123456+00",
    "2026-11-27 13:10:35+00",
    "1999-12-31 23:59:59.999999+00",
    "2026-03-29 01:30:00.5+00",
  ];
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(users).values(
      stored.map((at, index) => ({
        username: `iso-${index}`,
        passwordHash: "x",
        createdAt: sql`${at}::timestamptz`,
      })),
    );
  });
  afterAll(() => database.close());

  const readBoth = (db: Database["db"]) =>
    db
      .select({ text: isoTimestamp(users.createdAt), date: users.createdAt })
      .from(users)
      .where(sql`${users.username} like 'iso-%'`)
      .orderBy(users.username);

  it("reads what Drizzle's Date gives, in this database's session", async () => {
    const rows = await readBoth(database.db);
    expect(rows).toHaveLength(stored.length);
    for (const row of rows) expect(row.text).toBe(row.date.toISOString());
    expect(rows[0]!.text).toBe("2026-11-27T13:10:35.123Z");
  });

  it("reads the same instants from a session in another time zone", async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      return readBoth(tx as unknown as Database["db"]);
    });
    for (const row of rows) expect(row.text).toBe(row.date.toISOString());
    expect(rows[0]!.text).toBe("2026-11-27T13:10:35.123Z");
  });

  it("keeps null as null (a left join that found nothing)", async () => {
    const other = alias(users, "other");
    const [row] = await database.db
      .select({ text: isoTimestamp(other.createdAt) })
      .from(users)
      .leftJoin(other, sql`false`)
      .where(eq(users.username, "iso-0"));
    expect(row).toEqual({ text: null });
  });
});
