// GET /api/dashboard/summary: the SQL twin of the dashboard's domain rules (domain/dashboard.ts,
// recurrence.ts), checked against the domain functions at their edges; LIMITs with totals; and
// what an ordinary user gets.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { needsAttention, renewsSoon } from "../../domain/dashboard";
import { addDays } from "../../domain/dates";
import { maskSecret } from "../../domain/masking";
import { nextOccurrence } from "../../domain/recurrence";
import {
  DASHBOARD_LIST_LIMIT,
  DASHBOARD_USER_ROWS,
  type DashboardSummaryResponse,
  dashboardLicenseSchema,
} from "../../domain/schemas/dashboard";
import type { LicenseResponse } from "../../domain/schemas/licenses";
import { licenses } from "../db/schema";
import { nextOccurrenceSql } from "./next-occurrence-sql";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let holder: { user: { id: number }; cookie: string };

const TODAY = "2025-03-31";

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  holder = await t.signedInUser();
});
afterAll(() => t.close());

async function summary(cookie: string, today = TODAY) {
  const response = await t.request({
    method: "GET",
    url: `/api/dashboard/summary?today=${today}`,
    cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json() as DashboardSummaryResponse, raw: response.body };
}

describe("qm_next_occurrence and nextOccurrenceSql (SQL) and nextOccurrence (domain)", () => {
  it("agree on month ends, leap days, week boundaries and non-recurring frequencies", async () => {
    const starts = [
      "2024-01-31",
      "2024-02-29",
      "2023-12-31",
      "2024-11-30",
      "2025-03-31",
      "2025-03-30",
      "2025-04-01",
      "2025-03-24",
      "2025-03-25",
      "2020-06-15",
      null,
    ];
    const frequencies = ["daily", "weekly", "monthly", "quarterly", "annually", "one-time", "x"];
    const todays = ["2025-03-31", "2025-02-28", "2028-02-29", "2025-04-30", "2025-01-01"];
    for (const start of starts) {
      for (const frequency of frequencies) {
        for (const today of todays) {
          const result = (await t.app.db.execute(
            sql`select qm_next_occurrence(${start}::date, ${frequency}, ${today}::date)::text as next`,
          )) as unknown as { rows: { next: string | null }[] };
          const expected = nextOccurrence(start, frequency, today);
          expect(result.rows[0]!.next, `${start} ${frequency} ${today}`).toBe(expected);
          const inline = nextOccurrenceSql(
            sql`${start}::date`,
            sql`${frequency}::text`,
            sql`${today}::date`,
          );
          const inlined = (await t.app.db.execute(
            sql`select ${inline}::text as next`,
          )) as unknown as { rows: { next: string | null }[] };
          expect(inlined.rows[0]!.next, `inline: ${start} ${frequency} ${today}`).toBe(expected);
        }
      }
    }
  });
});

describe("GET /api/dashboard/summary", () => {
  beforeAll(async () => {
    // Each side of every bound: expiry 31/30 days ago, today, 30/31 days ahead, none; renewing
    // by purchase date (month ends, weekly) and by expiry (one-time); auto, manual, cancelled.
    const edges: [string, Record<string, unknown>][] = [
      ["Att -31", { expiryDate: addDays(TODAY, -31) }],
      ["Att -30", { expiryDate: addDays(TODAY, -30) }],
      ["Att 0", { expiryDate: TODAY }],
      ["Att +30 cancelled", { expiryDate: addDays(TODAY, 30), renewalStatus: "cancelled" }],
      ["Att +31", { expiryDate: addDays(TODAY, 31) }],
      ["Att none", { expiryDate: null }],
      ["Att auto", { expiryDate: addDays(TODAY, 3), renewalStatus: "auto" }],
      ["Att autoRenew flag only", { expiryDate: addDays(TODAY, 4), autoRenew: true }],
      [
        "Ren month end",
        { renewalStatus: "auto", purchaseDate: "2024-01-31", paymentFrequency: "monthly" },
      ],
      [
        "Ren quarterly far",
        { renewalStatus: "auto", purchaseDate: "2024-05-15", paymentFrequency: "quarterly" },
      ],
      [
        "Ren annual +30",
        { renewalStatus: "auto", purchaseDate: "2020-04-30", paymentFrequency: "annually" },
      ],
      [
        "Ren annual +31",
        { renewalStatus: "auto", purchaseDate: "2020-05-01", paymentFrequency: "annually" },
      ],
      [
        "Ren weekly",
        { renewalStatus: "auto", purchaseDate: "2025-03-25", paymentFrequency: "weekly" },
      ],
      // Renews Soon groups by (purchase date, frequency), else by expiry: each group's edges
      // (before the last three, which Recently Added shows).
      [
        "Ren bought today",
        { renewalStatus: "auto", purchaseDate: TODAY, paymentFrequency: "annually" },
      ],
      [
        "Ren bought in +30",
        { renewalStatus: "auto", purchaseDate: addDays(TODAY, 30), paymentFrequency: "monthly" },
      ],
      [
        "Ren bought in +31",
        { renewalStatus: "auto", purchaseDate: addDays(TODAY, 31), paymentFrequency: "monthly" },
      ],
      [
        "Ren monthly, no purchase date, by expiry",
        { renewalStatus: "auto", paymentFrequency: "monthly", expiryDate: addDays(TODAY, 30) },
      ],
      [
        "Ren monthly, no purchase date, expiry +31",
        { renewalStatus: "auto", paymentFrequency: "monthly", expiryDate: addDays(TODAY, 31) },
      ],
      [
        "Ren one-time expiring today",
        { renewalStatus: "auto", paymentFrequency: "one-time", expiryDate: TODAY },
      ],
      [
        "Ren recurring past, expiry ahead",
        {
          renewalStatus: "auto",
          purchaseDate: "2020-06-15",
          paymentFrequency: "annually",
          expiryDate: addDays(TODAY, 2),
        },
      ],
      [
        "Ren one-time by expiry",
        {
          renewalStatus: "auto",
          purchaseDate: "2025-01-01",
          paymentFrequency: "one-time",
          expiryDate: addDays(TODAY, 12),
        },
      ],
      [
        "Ren one-time expired",
        {
          renewalStatus: "auto",
          paymentFrequency: "one-time",
          expiryDate: addDays(TODAY, -1),
        },
      ],
      ["Ren nothing", { renewalStatus: "auto", paymentFrequency: "one-time", expiryDate: null }],
    ];
    for (const [name, fields] of edges) {
      await createLicenseViaApi(t, admin.cookie, { name, ...fields });
    }
  });

  it("answers Needs Attention and Renews Soon as the domain functions do over every license", async () => {
    const everything = await t.request({
      method: "GET",
      url: `/api/licenses?today=${TODAY}`,
      cookie: admin.cookie,
    });
    const all = everything.json() as LicenseResponse[];
    const { body } = await summary(admin.cookie);

    const expectedAttention = needsAttention(all, TODAY);
    expect(body.licenses.needsAttention!.items.map((i) => [i.license.name, i.daysLeft])).toEqual(
      expectedAttention.map((i) => [i.license.name, i.daysLeft]),
    );
    expect(body.licenses.needsAttention!.total).toBe(expectedAttention.length);

    const expectedRenews = renewsSoon(all, TODAY);
    expect(
      body.licenses.renewsSoon!.items.map((i) => [
        i.license.name,
        i.renewalDate,
        i.daysUntilRenewal,
      ]),
    ).toEqual(expectedRenews.map((i) => [i.license.name, i.renewalDate, i.daysUntilRenewal]));
    // The edges really are on both sides of the bounds.
    expect(expectedAttention.map((i) => i.license.name)).toEqual(
      expect.arrayContaining(["Att -30", "Att 0", "Att +30 cancelled", "Att autoRenew flag only"]),
    );
    expect(expectedRenews.map((i) => i.license.name)).toEqual(
      expect.arrayContaining(["Ren month end", "Ren annual +30", "Ren weekly"]),
    );
    expect(expectedRenews.map((i) => i.license.name)).not.toContain("Ren annual +31");
    const renewing = expectedRenews.map((i) => i.license.name);
    expect(renewing).toEqual(
      expect.arrayContaining([
        "Ren bought today",
        "Ren bought in +30",
        "Ren monthly, no purchase date, by expiry",
        "Ren one-time expiring today",
      ]),
    );
    for (const outside of [
      "Ren bought in +31",
      "Ren monthly, no purchase date, expiry +31",
      "Ren recurring past, expiry ahead",
    ]) {
      expect(renewing).not.toContain(outside);
    }
  });

  it("counts and lists the newest licenses and the team for an administrator", async () => {
    const { body, raw } = await summary(admin.cookie);
    const everything = await t.request({
      method: "GET",
      url: "/api/licenses",
      cookie: admin.cookie,
    });
    const users = (
      await t.request({ method: "GET", url: "/api/users", cookie: admin.cookie })
    ).json() as { id: number; fullName: string | null; username: string; isAdmin: boolean }[];
    expect(body.licenses.total).toBe(everything.json().length);
    expect(body.users!.total).toBe(users.length);
    // The newest people first (by id: ids are handed out in creation order).
    expect(body.users!.newest.map((user) => user.id)).toEqual(
      users
        .map((user) => user.id)
        .sort((a, b) => b - a)
        .slice(0, DASHBOARD_USER_ROWS),
    );
    expect(body.users!.newest.find((user) => user.id === admin.user.id)?.isAdmin).toBe(true);
    expect(body.licenses.recentlyAdded!.map((l) => l.name)).toEqual([
      "Ren nothing",
      "Ren one-time expired",
      "Ren one-time by expiry",
    ]);
    expect(raw).not.toMatch(/ciphertext|licenseKey|notes/i);
    // Field for field (dates as YYYY-MM-DD, instants as ISO strings) what the license's own
    // call answers, for the fields the dashboard carries.
    const listed = [
      ...body.licenses.recentlyAdded!,
      ...body.licenses.needsAttention!.items.map((item) => item.license),
      ...body.licenses.renewsSoon!.items.map((item) => item.license),
    ];
    expect(listed.some((license) => license.purchaseDate && license.expiryDate)).toBe(true);
    for (const license of listed) {
      const own = await t.request({
        method: "GET",
        url: `/api/licenses/${license.id}`,
        cookie: admin.cookie,
      });
      expect(license).toEqual(dashboardLicenseSchema.parse(own.json()));
    }
  });

  it("stops each list at its limit and still gives the whole count", async () => {
    const key = "LIMIT-KEY-0001";
    const rows = Array.from({ length: DASHBOARD_LIST_LIMIT + 5 }, (_, i) => ({
      name: `Bulk ${String(i).padStart(3, "0")}`,
      licenseKeyCiphertext: t.app.secrets.seal(key).ciphertext,
      licenseKeyMasked: maskSecret(key),
      totalSeats: 1,
      expiryDate: addDays(TODAY, 20),
    }));
    await t.app.db.insert(licenses).values(rows);
    const { body } = await summary(admin.cookie);
    const attention = body.licenses.needsAttention!;
    expect(attention.items).toHaveLength(DASHBOARD_LIST_LIMIT);
    expect(attention.total).toBeGreaterThanOrEqual(DASHBOARD_LIST_LIMIT + 5);
  });

  it("stops Renews Soon at its limit in the domain's order, with the whole count", async () => {
    // Many licenses on a few (purchase date, frequency) pairs, so one renewal date holds more
    // rows than the limit and the pairs straddle it, plus licenses renewing by expiry between.
    const key = "RENEW-KEY-0001";
    const rows = Array.from({ length: 2 * DASHBOARD_LIST_LIMIT }, (_, i) => ({
      name: `Renew ${String(i).padStart(3, "0")}`,
      licenseKeyCiphertext: t.app.secrets.seal(key).ciphertext,
      licenseKeyMasked: maskSecret(key),
      totalSeats: 1,
      renewalStatus: "auto" as const,
      ...(i % 5 === 4
        ? { paymentFrequency: "one-time" as const, expiryDate: addDays(TODAY, i % 7) }
        : {
            purchaseDate: `2024-0${(i % 3) + 1}-0${(i % 2) + 1}`,
            paymentFrequency: "monthly" as const,
          }),
    }));
    await t.app.db.insert(licenses).values(rows);
    const all = (
      await t.request({ method: "GET", url: `/api/licenses?today=${TODAY}`, cookie: admin.cookie })
    ).json() as LicenseResponse[];
    const expected = renewsSoon(all, TODAY);
    expect(expected.length).toBeGreaterThan(DASHBOARD_LIST_LIMIT);
    const { renewsSoon: renews } = (await summary(admin.cookie)).body.licenses;
    expect(renews!.total).toBe(expected.length);
    expect(renews!.items.map((i) => [i.license.name, i.renewalDate])).toEqual(
      expected.slice(0, DASHBOARD_LIST_LIMIT).map((i) => [i.license.name, i.renewalDate]),
    );
  });

  it("gives an ordinary user the count of their own licenses and nothing else", async () => {
    const mine = await createLicenseViaApi(t, admin.cookie, { name: "Held one" });
    await assignViaApi(t, admin.cookie, mine.id, holder.user.id);
    const { body } = await summary(holder.cookie);
    expect(body.licenses).toEqual({
      total: 1,
      recentlyAdded: null,
      needsAttention: null,
      renewsSoon: null,
    });
    expect(body.users).toBeNull();
    expect(body.officeAccounts.monthlyExpense).toBeNull();
  });

  it("refuses anyone signed out and a malformed date", async () => {
    const anonymous = await t.request({ method: "GET", url: "/api/dashboard/summary" });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.request({
      method: "GET",
      url: "/api/dashboard/summary?today=2025-02-30",
      cookie: admin.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });
});
