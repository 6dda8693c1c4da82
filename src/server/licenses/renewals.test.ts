import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLicenseViaApi } from "../../../tests/support/licenses";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import { databaseUrl, usingPostgres } from "../../../tests/support/test-database";
import type { RenewalResponse } from "../../domain/schemas/licenses";
import { licenses, renewals } from "../db/schema";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
});
afterAll(() => t.close());

const renew = (payload: object, cookie?: string) =>
  t.request({ method: "POST", url: "/api/renewals", payload, cookie });

function fieldErrors(response: { json(): unknown }) {
  const body = response.json() as { errors?: { path: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((error) => [error.path, error.message]));
}

describe("POST /api/renewals", () => {
  it("is for administrators only", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, { expiryDate: "2025-07-01" });
    const payload = { licenseId: license.id, newExpiryDate: "2026-07-01", renewalAmount: 259 };
    expect((await renew(payload)).statusCode).toBe(401);
    expect((await renew(payload, user.cookie)).statusCode).toBe(403);
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(row!.expiryDate).toBe("2025-07-01");
  });

  it("records the renewal and moves the expiry date, keeping the key", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, {
      expiryDate: "2025-07-01",
      licenseKey: "OLD-KEY-AAAA-1111",
    });
    const response = await renew(
      {
        licenseId: license.id,
        // The client's idea of the previous date is not trusted; the row's date is recorded.
        previousExpiryDate: "1999-01-01",
        newExpiryDate: "2026-07-01",
        renewalAmount: "259.00",
        newLicenseKey: "",
        notes: "annual renewal",
      },
      admin.cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      licenseId: license.id,
      previousExpiryDate: "2025-07-01",
      newExpiryDate: "2026-07-01",
      renewalAmount: 259,
      newLicenseKeyMasked: null,
      notes: "annual renewal",
      renewedByUserId: admin.user.id,
    });
    const after = await t.request({
      method: "GET",
      url: `/api/licenses/${license.id}`,
      cookie: admin.cookie,
    });
    expect(after.json()).toMatchObject({
      expiryDate: "2026-07-01",
      licenseKeyMasked: "XXX-XXX-XXXX-1111",
    });
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(t.app.secrets.open(row!.licenseKeyCiphertext)).toBe("OLD-KEY-AAAA-1111");
  });

  it("replaces the key when a new one is issued, storing it only encrypted", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, {
      expiryDate: null,
      licenseKey: "OLD-KEY-BBBB-2222",
    });
    const response = await renew(
      {
        licenseId: license.id,
        previousExpiryDate: null,
        newExpiryDate: "2026-01-31",
        renewalAmount: 99.5,
        newLicenseKey: " NEW-KEY-CCCC-3333 ",
      },
      admin.cookie,
    );
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain("NEW-KEY-CCCC");
    expect(response.json()).toMatchObject({
      previousExpiryDate: null,
      newLicenseKeyMasked: "XXX-XXX-XXXX-3333",
    });

    const [licenseRow] = await t.app.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(licenseRow!.expiryDate).toBe("2026-01-31");
    expect(licenseRow!.licenseKeyMasked).toBe("XXX-XXX-XXXX-3333");
    expect(licenseRow!.licenseKeyCiphertext).not.toContain("NEW-KEY");
    expect(t.app.secrets.open(licenseRow!.licenseKeyCiphertext)).toBe("NEW-KEY-CCCC-3333");

    const [renewalRow] = await t.app.db
      .select()
      .from(renewals)
      .where(eq(renewals.licenseId, license.id));
    expect(JSON.stringify(renewalRow)).not.toContain("NEW-KEY");
    expect(t.app.secrets.open(renewalRow!.newLicenseKeyCiphertext!)).toBe("NEW-KEY-CCCC-3333");
  });

  it("changes nothing when the license does not exist", async () => {
    const response = await renew(
      { licenseId: 999999, newExpiryDate: "2026-01-01", renewalAmount: 10 },
      admin.cookie,
    );
    expect(response.statusCode).toBe(404);
    expect(await t.app.db.select().from(renewals).where(eq(renewals.licenseId, 999999))).toEqual(
      [],
    );
  });

  it.each([
    [
      { renewalAmount: 0 },
      "renewalAmount",
      "Renewal amount must be a valid number greater than zero",
    ],
    [
      { renewalAmount: -5 },
      "renewalAmount",
      "Renewal amount must be a valid number greater than zero",
    ],
    [
      { renewalAmount: "abc" },
      "renewalAmount",
      "Renewal amount must be a valid number greater than zero",
    ],
    [
      { renewalAmount: "" },
      "renewalAmount",
      "Renewal amount must be a valid number greater than zero",
    ],
    [
      { renewalAmount: null },
      "renewalAmount",
      "Renewal amount must be a valid number greater than zero",
    ],
    [{ newExpiryDate: undefined }, "newExpiryDate", "New expiry date is required"],
    [{ newExpiryDate: "" }, "newExpiryDate", "New expiry date is required"],
    [{ newExpiryDate: "2026-02-30" }, "newExpiryDate", "Must be a date in the form YYYY-MM-DD"],
    [{ previousExpiryDate: "soon" }, "previousExpiryDate", "Must be a date in the form YYYY-MM-DD"],
    [{ licenseId: undefined }, "licenseId", "Must be a number"],
  ])("rejects %j", async (fields, path, message) => {
    const license = await createLicenseViaApi(t, admin.cookie, { expiryDate: "2025-07-01" });
    const response = await renew(
      { licenseId: license.id, newExpiryDate: "2026-07-01", renewalAmount: 259, ...fields },
      admin.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)[path]).toBe(message);
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(row!.expiryDate).toBe("2025-07-01");
  });
});

describe("GET /api/licenses/:id/renewals", () => {
  it("lists a license's renewals newest first, to administrators", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, { expiryDate: "2024-01-01" });
    for (const newExpiryDate of ["2025-01-01", "2026-01-01", "2027-01-01"]) {
      const response = await renew(
        { licenseId: license.id, newExpiryDate, renewalAmount: 100 },
        admin.cookie,
      );
      expect(response.statusCode).toBe(201);
    }
    const response = await t.request({
      method: "GET",
      url: `/api/licenses/${license.id}/renewals`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as RenewalResponse[];
    expect(body.map((r) => [r.previousExpiryDate, r.newExpiryDate])).toEqual([
      ["2026-01-01", "2027-01-01"],
      ["2025-01-01", "2026-01-01"],
      ["2024-01-01", "2025-01-01"],
    ]);

    const asUser = await t.request({
      method: "GET",
      url: `/api/licenses/${license.id}/renewals`,
      cookie: user.cookie,
    });
    expect(asUser.statusCode).toBe(403);
    const missing = await t.request({
      method: "GET",
      url: "/api/licenses/999999/renewals",
      cookie: admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
  });
});

// PGlite runs one transaction at a time, so a renewal never waits there; on PostgreSQL one waits
// for the license's row lock while another holds it.
describe.skipIf(!usingPostgres())("renewals that wait for the license's row lock", () => {
  it("are dated when applied, after the wait, so the history is in the order applied", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, { expiryDate: "2024-01-01" });
    const { rows } = (await t.app.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    const url = databaseUrl(process.env.TEST_DATABASE_URL!, rows[0]!.name);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      // Another writer (a renewal, a seat assignment) holds the license.
      await other.query("begin");
      await other.query("select id from licenses where id = $1 for update", [license.id]);
      const waiting = renew(
        { licenseId: license.id, newExpiryDate: "2025-01-01", renewalAmount: 100 },
        admin.cookie,
      );
      await expect
        .poll(
          async () =>
            (
              await other.query(
                "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
              )
            ).rows[0].n,
          { timeout: 10_000 },
        )
        .toBe(1);
      const released = (await other.query("select clock_timestamp() as at")).rows[0].at as Date;
      await other.query("commit");

      const response = await waiting;
      expect(response.statusCode, response.body).toBe(201);
      const renewedAt = new Date((response.json() as RenewalResponse).renewedAt);
      // Dated at its transaction's start it would be earlier than the writer it waited for.
      expect(renewedAt.getTime()).toBeGreaterThanOrEqual(released.getTime());
    } finally {
      await other.end();
    }
  });
});
