// The SQL status filter must agree with the domain's matchesStatusFilter on every kind of row,
// including the boundaries (31, 30, 0 and -1 days) and rows without an expiry date.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import { addDays } from "../../domain/dates";
import type { LicenseStatusFilter } from "../../domain/enums";
import { matchesStatusFilter } from "../../domain/license-status";
import type { Database } from "../db/client";
import { licenses } from "../db/schema";
import { createSecrets } from "../lib/secrets";
import { listOrder, statusCondition, statusDayPlaceholders, statusDays } from "./list-query";

const TODAY = "2026-03-01";
let database: Database;
const rows: {
  id: number;
  expiryDate: string | null;
  renewalStatus: "auto" | "manual" | "cancelled";
}[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const secrets = createSecrets(randomBytes(32));
  const offsets = [null, -400, -1, 0, 1, 29, 30, 31, 365];
  for (const renewalStatus of ["auto", "manual", "cancelled"] as const) {
    for (const offset of offsets) {
      const expiryDate = offset === null ? null : addDays(TODAY, offset);
      const [row] = await database.db
        .insert(licenses)
        .values({
          name: `L ${renewalStatus} ${offset}`,
          licenseKeyCiphertext: secrets.seal("k").ciphertext,
          licenseKeyMasked: "X",
          expiryDate,
          renewalStatus,
        })
        .returning({ id: licenses.id });
      rows.push({ id: row!.id, expiryDate, renewalStatus });
    }
  }
});
afterAll(() => database.close());

describe("statusCondition", () => {
  for (const filter of ["all", "active", "expiring", "expired"] as LicenseStatusFilter[]) {
    it(`selects exactly the rows matchesStatusFilter accepts for '${filter}'`, async () => {
      const selected = await database.db
        .select({ id: licenses.id })
        .from(licenses)
        .where(statusCondition(filter, statusDays(TODAY)));
      const expected = rows
        .filter((row) => matchesStatusFilter(row, filter, TODAY))
        .map((row) => row.id);
      expect(selected.map((row) => row.id).sort((a, b) => a - b)).toEqual(
        expected.sort((a, b) => a - b),
      );
      if (filter !== "all") expect(expected.length).toBeGreaterThan(0);
      // The list's prepared form: the days as placeholders, filled from statusDays on execute.
      const prepared = await database.db
        .select({ id: licenses.id })
        .from(licenses)
        .where(statusCondition(filter, statusDayPlaceholders))
        .execute({ ...statusDays(TODAY) });
      expect(prepared.map((row) => row.id).sort((a, b) => a - b)).toEqual(expected);
    });
  }
});

describe("listOrder", () => {
  it("puts rows without an expiry date last in both directions", async () => {
    for (const order of ["asc", "desc"] as const) {
      const sorted = await database.db
        .select({ expiryDate: licenses.expiryDate })
        .from(licenses)
        .orderBy(...listOrder({ sort: "expiryDate", order }));
      const dates = sorted.map((row) => row.expiryDate);
      const firstNull = dates.indexOf(null);
      expect(dates.slice(firstNull).every((date) => date === null)).toBe(true);
      const present = dates.slice(0, firstNull) as string[];
      const expected = [...present].sort();
      expect(present).toEqual(order === "asc" ? expected : expected.reverse());
    }
  });
});
