// The expense aggregates against the same data summed by hand, in AUD and USD (default rates:
// USD→AUD 1.5, EUR→AUD 1.64, GBP→AUD 1.88; AUD→USD 0.67, EUR→USD 1.09, GBP→USD 1.25), with
// every license frequency, three directory kinds, G Suite plans with and without a plan row, and
// hosting months. "Today" is fixed through the query (2026-03-15), so nothing depends on the clock.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText, readCsv, readXlsx } from "../../../tests/support/export-readers";
import { createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type {
  CalendarDayResponse,
  CalendarMonthResponse,
  ExpenseSummaryResponse,
} from "../../domain/expenses/schemas";
import {
  accounts,
  activityLog,
  directories,
  dropletCosts,
  droplets,
  gsuiteAccounts,
  gsuitePlans,
  hardware,
} from "../db/schema";

let t: TestApp;
let adminCookie: string;
let userCookie: string;
const TODAY = "2026-03-15";

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin", username: "exp-admin" }));
  ({ cookie: userCookie } = await t.signedInUser({ username: "exp-user" }));
  const license = (fields: Record<string, unknown>) => createLicenseViaApi(t, adminCookie, fields);
  // Monthly in AUD / USD: 15 / 10
  await license({
    name: "Annual USD",
    paymentAmount: 120,
    paymentCurrency: "USD",
    paymentFrequency: "annually",
    purchaseDate: "2025-04-10",
    expiryDate: "2026-04-10",
    totalSeats: 10,
  });
  // 30 / 20.10; pays on the 31st, the 28th in February, the 31st again in March
  await license({
    name: "Monthly AUD",
    paymentAmount: 30,
    paymentCurrency: "AUD",
    paymentFrequency: "monthly",
    purchaseDate: "2026-01-31",
    totalSeats: 5,
  });
  // 100/3 EUR: 54.6666… / 36.3333…
  await license({
    name: "Quarterly EUR",
    paymentAmount: 100,
    paymentCurrency: "EUR",
    paymentFrequency: "quarterly",
    purchaseDate: "2025-12-01",
    expiryDate: "2026-03-31",
    totalSeats: 5,
  });
  // 43.3 GBP: 81.404 / 54.125
  await license({
    name: "Weekly GBP",
    paymentAmount: 10,
    paymentCurrency: "GBP",
    paymentFrequency: "weekly",
    purchaseDate: "2026-03-01",
    totalSeats: 2,
  });
  // 30.44 USD: 45.66 / 30.44
  await license({
    name: "Daily USD",
    paymentAmount: 1,
    paymentCurrency: "USD",
    paymentFrequency: "daily",
    purchaseDate: "2026-03-14",
    totalSeats: 1,
  });
  // 20 USD: 30 / 20
  await license({
    name: "One-time USD",
    paymentAmount: 240,
    paymentCurrency: "USD",
    paymentFrequency: "one-time",
    purchaseDate: "2026-02-01",
    totalSeats: 2,
  });

  const db = t.app.db;
  const created = new Date("2025-06-20T10:00:00Z");
  await db.insert(directories).values([
    // 10 USD a month: 15 / 10
    {
      name: "Yearly listing",
      paymentAmount: 120,
      paymentCurrency: "USD",
      paymentFrequencyMonths: 12,
      nextPaymentDate: "2026-03-20",
      createdAt: created,
    },
    // 10 AUD a month: 10 / 6.70
    {
      name: "Quarterly listing",
      paymentAmount: 30,
      paymentCurrency: "AUD",
      paymentFrequencyMonths: 3,
      nextPaymentDate: "2026-04-01",
      createdAt: created,
    },
    // 60 GBP over 12 months, 5 GBP: 9.40 / 6.25
    {
      name: "One-off listing",
      paymentAmount: 60,
      paymentCurrency: "GBP",
      paymentFrequencyMonths: 6,
      isOneTime: true,
      nextPaymentDate: "2026-03-16",
      createdAt: created,
    },
    {
      name: "Cancelled listing",
      paymentAmount: 999,
      paymentCurrency: "USD",
      isCancelled: true,
      nextPaymentDate: "2026-03-17",
      createdAt: created,
    },
  ]);
  const [plan] = await db
    .insert(gsuitePlans)
    .values({
      name: "Business Starter",
      basePrice: 8.4,
      currency: "AUD",
      createdAt: new Date("2026-01-10T00:00:00Z"),
    })
    .returning();
  // 3 × 8.40 AUD on the plan (the accounts' own price is ignored) + 2 × 5 USD without a plan:
  // 25.20 + 15 = 40.20 AUD; 16.884 + 10 = 26.88 USD
  await db.insert(gsuiteAccounts).values([
    ...[1, 2, 3].map((n) => ({
      email: `starter${n}@example.com`,
      planType: "Business Starter",
      planId: plan!.id,
      price: 99,
      paymentCurrency: "AUD" as const,
      createdAt: new Date("2026-01-10T00:00:00Z"),
    })),
    ...[1, 2].map((n) => ({
      email: `custom${n}@example.com`,
      planType: "Custom",
      price: 5,
      paymentCurrency: "USD" as const,
      createdAt: new Date("2025-06-20T00:00:00Z"),
    })),
  ]);
  await db.insert(droplets).values([
    { dropletId: "d1", name: "web-1", project: "Site" },
    { dropletId: "d2", name: "db-1", project: "Site" },
  ]);
  // 2026-02 is the latest complete month: 80 USD = 120 AUD
  await db.insert(dropletCosts).values([
    { invoiceMonth: "2026-01", dropletId: "d1", amountUsd: 60 },
    { invoiceMonth: "2026-01", dropletId: "d2", amountUsd: 40 },
    { invoiceMonth: "2026-02", dropletId: "d1", amountUsd: 80 },
    { invoiceMonth: "2026-03", dropletId: "d1", amountUsd: 20 },
  ]);
  await db.insert(accounts).values({
    email: "office@example.com",
    passwordCiphertext: "x",
    provider: "microsoft365",
    renewalDate: "2026-03-25",
    paymentAmount: 50,
    paymentCurrency: "USD",
  });
  await db.insert(hardware).values({
    name: "Laptop 7",
    type: "laptop",
    identifier: "SN-7",
    warrantyExpiry: "2026-03-10",
  });
});
afterAll(() => t.close());

async function get<T>(url: string, cookie = adminCookie): Promise<T> {
  const response = await t.request({ method: "GET", url, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

/** One source's table as the export's CSV: the header row, then every row as text. */
async function exportCsv(query: string) {
  const response = await t.request({
    method: "GET",
    url: `/api/expenses/export?format=csv&today=${TODAY}&${query}`,
    cookie: adminCookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { response, rows: readCsv(response.body) };
}

const summary = (query: string) =>
  get<ExpenseSummaryResponse>(`/api/expenses/summary?today=${TODAY}&${query}`);

describe("expense summary", () => {
  it("refuses anonymous visitors and ordinary users", async () => {
    for (const url of [
      "/api/expenses/summary",
      "/api/expenses/export?source=licenses",
      "/api/expenses/calendar?month=2026-03",
      "/api/expenses/calendar/day?date=2026-03-15",
    ]) {
      expect((await t.request({ method: "GET", url, cookie: userCookie })).statusCode, url).toBe(
        403,
      );
      expect((await t.request({ method: "GET", url })).statusCode, url).toBe(401);
    }
  });

  it("rejects a bad source, currency, month or date with 400", async () => {
    for (const url of [
      "/api/expenses/summary?source=hardware",
      "/api/expenses/summary?currency=EUR",
      "/api/expenses/summary?today=2026-02-30",
      "/api/expenses/export?source=all",
      "/api/expenses/calendar?month=2026-13",
      "/api/expenses/calendar/day?date=tomorrow",
    ]) {
      const response = await t.request({ method: "GET", url, cookie: adminCookie });
      expect(response.statusCode, url).toBe(400);
    }
  });

  it("totals every source in AUD as summed by hand", async () => {
    const s = await summary("currency=AUD");
    // 15 + 30 + 54.6667 + 81.404 + 45.66 + 30 = 256.7307
    expect(s.licenses?.monthly).toBe(256.73);
    expect(s.licenses?.yearly).toBe(3080.76);
    expect(s.licenses?.count).toBe(6);
    expect(s.licenses?.totalSeats).toBe(25);
    expect(s.directories?.monthly).toBe(34.4);
    expect(s.directories?.count).toBe(3);
    expect(s.gsuite?.monthly).toBe(40.2);
    expect(s.gsuite?.count).toBe(5);
    expect(s.hosting?.monthly).toBe(120);
    expect(s.hosting?.month).toBe("2026-02");
    // 256.73 + 34.40 + 40.20 + 120
    expect(s.totals.monthly).toBe(451.33);
    expect(s.totals.yearly).toBe(5415.96);
    // 256.73 / 25 seats
    expect(s.totals.averageCostPerSeat).toBe(10.27);
    // licenses 180 (annual) + 30 (31 March) + 5 × 18.80 (weekly) + 12 × 1.50 (daily, 12 ahead)
    // + directories 180 + 30 + 112.80 + G Suite 1 April 25.20 + 15
    expect(s.totals.upcoming30Days).toBe(685);
  });

  it("totals every source in USD as summed by hand", async () => {
    const s = await summary("currency=USD");
    // 10 + 20.10 + 36.3333 + 54.125 + 30.44 + 20 = 170.9983
    expect(s.licenses?.monthly).toBe(171);
    expect(s.directories?.monthly).toBe(22.95);
    expect(s.gsuite?.monthly).toBe(26.88);
    expect(s.hosting?.monthly).toBe(80);
    expect(s.totals.monthly).toBe(300.83);
    expect(s.totals.averageCostPerSeat).toBe(6.84);
  });

  it("narrows everything to one source", async () => {
    const s = await summary("currency=AUD&source=directories");
    expect(s.licenses).toBeNull();
    expect(s.gsuite).toBeNull();
    expect(s.hosting).toBeNull();
    expect(s.totals.monthly).toBe(34.4);
    expect(s.totals.averageCostPerSeat).toBeNull();
    expect(s.totals.upcoming30Days).toBe(322.8);
    expect(s.largest.every((row) => row.source === "directories")).toBe(true);

    const hosting = await summary("currency=USD&source=hosting");
    expect(hosting.totals.monthly).toBe(80);
    expect(hosting.totals.upcoming30Days).toBe(0);
    expect(hosting.hosting?.rows.map((row) => [row.month, row.amountUsd, row.droplets])).toEqual([
      ["2026-03", 20, 1],
      ["2026-02", 80, 1],
      ["2026-01", 100, 2],
    ]);
  });

  it("lists each source's rows, largest monthly cost first, with their figures", async () => {
    const s = await summary("currency=AUD");
    expect(s.licenses?.rows.map((row) => [row.name, row.monthly, row.yearly])).toEqual([
      ["Weekly GBP", 81.4, 977.6], // 10 × 4.33 × 1.88; annualised 10 × 52 × 1.88
      ["Quarterly EUR", 54.67, 656],
      ["Daily USD", 45.66, 547.5],
      ["Monthly AUD", 30, 360],
      ["One-time USD", 30, null],
      ["Annual USD", 15, 180],
    ]);
    const byName = new Map(s.licenses?.rows.map((row) => [row.name, row.nextPaymentDate]));
    expect(byName.get("Monthly AUD")).toBe("2026-03-31");
    expect(byName.get("Quarterly EUR")).toBe("2026-06-01");
    expect(byName.get("One-time USD")).toBeNull();
    expect(s.directories?.rows.map((row) => [row.name, row.monthly, row.yearly])).toEqual([
      ["Yearly listing", 15, 180],
      ["Quarterly listing", 10, 120],
      ["One-off listing", 9.4, 112.8],
    ]);
    expect(s.gsuite?.rows).toEqual([
      {
        plan: "Business Starter",
        users: 3,
        pricePerUser: 8.4,
        currency: "AUD",
        billingCycle: "monthly",
        monthly: 25.2,
        yearly: 302.4,
      },
      {
        plan: "Custom",
        users: 2,
        pricePerUser: 5,
        currency: "USD",
        billingCycle: "monthly",
        monthly: 15,
        yearly: 180,
      },
    ]);
    expect(s.largest.slice(0, 3)).toEqual([
      { source: "hosting", name: "web-1", monthly: 120 },
      { source: "licenses", name: "Weekly GBP", monthly: 81.4 },
      { source: "licenses", name: "Quarterly EUR", monthly: 54.67 },
    ]);
  });

  it("gives 24 months of spend by source, each item from the month it started", async () => {
    const s = await summary("currency=AUD");
    expect(s.byMonth).toHaveLength(24);
    expect(s.byMonth[0]?.month).toBe("2025-03");
    expect(s.byMonth[23]?.month).toBe("2027-02");
    const month = (m: string) => s.byMonth.find((row) => row.month === m)!;
    // March 2025: nothing had started yet
    expect(month("2025-03")).toEqual({
      month: "2025-03",
      licenses: 0,
      directories: 0,
      gsuite: 0,
      hosting: 0,
    });
    // April 2025: the annual license (15); June 2025: the listings and the Custom accounts
    expect(month("2025-04").licenses).toBe(15);
    expect(month("2025-06").directories).toBe(34.4);
    expect(month("2025-06").gsuite).toBe(15);
    expect(month("2026-01").gsuite).toBe(40.2);
    // hosting as invoiced, then the latest complete month ahead
    expect(month("2026-01").hosting).toBe(150);
    expect(month("2026-03").hosting).toBe(30);
    expect(month("2026-04").hosting).toBe(120);
    expect(month("2026-04").licenses).toBe(256.73);
  });

  it("exports every row of a source", async () => {
    const { response, rows } = await exportCsv("source=directories&currency=USD");
    expect(response.headers["content-disposition"]).toMatch(
      /attachment; filename="directories-expenses-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(rows[0]![0]).toBe("Name");
    expect(rows.slice(1)).toEqual([
      ["Yearly listing", "120.00", "USD", "12", "No", "10.00", "120.00", "2026-03-20"],
      ["Quarterly listing", "30.00", "AUD", "3", "No", "6.70", "80.40", "2026-04-01"],
      ["One-off listing", "60.00", "GBP", "6", "Yes", "6.25", "75.00", "2026-03-16"],
    ]);
    const licenses = await exportCsv("source=licenses&currency=AUD");
    expect(licenses.rows.slice(1)).toHaveLength(6);
  });

  it("exports a source's table as Excel and PDF too, and records each export", async () => {
    const xlsx = await t.request({
      method: "GET",
      url: `/api/expenses/export?format=xlsx&source=directories&currency=USD&today=${TODAY}`,
      cookie: adminCookie,
    });
    expect(xlsx.statusCode).toBe(200);
    const [sheet] = await readXlsx(xlsx.rawPayload);
    expect(sheet!.rows[1]!.slice(0, 7)).toEqual(["Yearly listing", 120, "USD", 12, false, 10, 120]);
    const pdf = await t.request({
      method: "GET",
      url: `/api/expenses/export?format=pdf&source=hosting&currency=AUD&today=${TODAY}`,
      cookie: adminCookie,
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Hosting Expenses");
    expect(text).toContain("Currency: AUD");
    expect(text).toContain("2026-02");
    await expect
      .poll(async () =>
        (await t.app.db.select().from(activityLog).where(eq(activityLog.area, "expenses"))).map(
          (entry) => `${entry.action} ${(entry.detail as { format: string }).format}`,
        ),
      )
      .toEqual(expect.arrayContaining(["export pdf", "export xlsx"]));
  });

  it("exports the G Suite and hosting tables with the figures worked out by hand", async () => {
    const gsuite = await exportCsv("source=gsuite&currency=AUD");
    expect(gsuite.rows[0]).toEqual([
      "Plan",
      "Users",
      "Price per User",
      "Currency",
      "Billing Cycle",
      "Monthly (AUD)",
      "Yearly (AUD)",
    ]);
    // 3 × A$8.40 = 25.20; 2 × US$5 × 1.5 = 15; yearly 12 × monthly.
    expect(gsuite.rows.slice(1)).toEqual([
      ["Business Starter", "3", "8.40", "AUD", "monthly", "25.20", "302.40"],
      ["Custom", "2", "5.00", "USD", "monthly", "15.00", "180.00"],
    ]);
    const hosting = await exportCsv("source=hosting&currency=AUD");
    expect(hosting.rows[0]).toEqual(["Month", "Droplets", "Amount (USD)", "Amount (AUD)"]);
    // Invoiced in USD, × 1.5 in AUD, newest month first.
    expect(hosting.rows.slice(1)).toEqual([
      ["2026-03", "1", "20.00", "30.00"],
      ["2026-02", "1", "80.00", "120.00"],
      ["2026-01", "2", "100.00", "150.00"],
    ]);
  });
});

describe("expense calendar", () => {
  it("counts and sums the month's events as listed by hand (AUD)", async () => {
    const m = await get<CalendarMonthResponse>(
      `/api/expenses/calendar?month=2026-03&currency=AUD&today=${TODAY}`,
    );
    // payments: monthly 31 March, weekly 15/22/29, daily 15–26 (12 ahead), listings 16 and 20
    expect(m.summary).toEqual({ payments: 18, expiries: 2, renewals: 3, amount: 397.2 });
    const day = (date: string) => m.days.find((d) => d.date === date);
    expect(day("2026-03-01")).toEqual({
      date: "2026-03-01",
      payments: 0,
      expiries: 0,
      renewals: 1,
      amount: 0,
    });
    expect(day("2026-03-10")?.expiries).toBe(1);
    expect(day("2026-03-11")?.renewals).toBe(1);
    expect(day("2026-03-25")?.renewals).toBe(1);
    expect(day("2026-03-27")).toBeUndefined();
    expect(day("2026-03-31")).toEqual({
      date: "2026-03-31",
      payments: 1,
      expiries: 1,
      renewals: 0,
      amount: 30,
    });
    expect(m.nextImportantDate?.date).toBe("2026-03-15");
    expect(m.nextImportantDate?.count).toBe(2);
    expect(m.nextImportantDate?.amount).toBe(20.3);
  });

  it("sums the month in USD", async () => {
    const m = await get<CalendarMonthResponse>(
      `/api/expenses/calendar?month=2026-03&currency=USD&today=${TODAY}`,
    );
    // 20.10 + 3 × 12.50 + 12 × 1 + 120 + 75
    expect(m.summary.amount).toBe(264.6);
  });

  it("lists a day's events with their kind, source and amount", async () => {
    const d = await get<CalendarDayResponse>(
      `/api/expenses/calendar/day?date=2026-03-31&currency=AUD&today=${TODAY}`,
    );
    expect(d.count).toBe(2);
    expect(d.amount).toBe(30);
    expect(d.events).toEqual([
      { date: "2026-03-31", kind: "expiry", source: "license", name: "Quarterly EUR", amount: 164 },
      { date: "2026-03-31", kind: "payment", source: "license", name: "Monthly AUD", amount: 30 },
    ]);
    const april = await get<CalendarDayResponse>(
      `/api/expenses/calendar/day?date=2026-04-01&currency=USD&today=${TODAY}`,
    );
    expect(april.events.map((e) => [e.source, e.name, e.amount])).toEqual([
      ["directory", "Quarterly listing", 20.1],
      ["gsuite", "Business Starter", 16.88],
      ["gsuite", "Custom", 10],
    ]);
  });

  it("shows a past month's expiries and reminders but no past payments", async () => {
    const m = await get<CalendarMonthResponse>(
      `/api/expenses/calendar?month=2026-02&currency=AUD&today=${TODAY}`,
    );
    expect(m.summary.payments).toBe(0);
  });
});
