// Unused seats (issue 33 item 5) through the API: GET /api/gsuite-accounts?unused=true lists the
// accounts whose holder is suspended or has not signed in for UNUSED_AFTER_DAYS (an unknown sign-in
// is not unused), the licenses and assignments lists agree with it, and the dashboard's Needs
// Attention figure counts the unused seats and accounts and what freeing them would save a month.
// The sign-ins are written straight into the database, as a workspace sync leaves them.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { roundMoney } from "../../domain/money/amounts";
import { rateBetween } from "../../domain/money/rates";
import { loadCurrencyRates } from "../currency-rates/service";
import { accounts, gsuiteAccounts, gsuitePlans, licenseAssignments } from "../db/schema";

let t: TestApp;
let admin: string;
let user: string;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000);
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp({ UNUSED_AFTER_DAYS: "30" });
  admin = (await t.signedInUser({ role: "admin", email: "admin@example.test" })).cookie;
  user = (await t.signedInUser({ role: "user", email: "user@example.test" })).cookie;
  const db = t.app.db;
  const people = await Promise.all(Array.from({ length: 5 }, () => createUser(db)));

  // 100 USD a month over 4 seats: 25 a seat. Old (31 days) and suspended seats are unused.
  const monthly = await createLicenseViaApi(t, admin, {
    name: "Monthly Suite",
    totalSeats: 4,
    paymentAmount: 100,
    paymentCurrency: "USD",
    paymentFrequency: "monthly",
  });
  // 1200 USD a year over 10 seats: 10 a seat a month. Its one seat signed in 29 days ago.
  const yearly = await createLicenseViaApi(t, admin, {
    name: "Yearly Tool",
    totalSeats: 10,
    paymentAmount: 1200,
    paymentCurrency: "USD",
    paymentFrequency: "annually",
  });
  const seat = async (
    licenseId: number,
    person: number,
    lastSignInAt: Date | null,
    suspended: boolean | null,
  ) => {
    const { id } = await assignViaApi(t, admin, licenseId, people[person]!.id);
    await db
      .update(licenseAssignments)
      .set({ lastSignInAt, holderSuspended: suspended })
      .where(eq(licenseAssignments.id, id));
    return id;
  };
  ids.old = await seat(monthly.id, 0, daysAgo(31), false);
  ids.recent = await seat(monthly.id, 1, daysAgo(1), false);
  ids.unknown = await seat(monthly.id, 2, null, null);
  ids.suspended = await seat(monthly.id, 3, daysAgo(0), true);
  ids.almost = await seat(yearly.id, 0, daysAgo(29), false);
  // An ended seat is no seat: never unused.
  ids.ended = await seat(yearly.id, 4, daysAgo(300), true);
  await db
    .update(licenseAssignments)
    .set({ isActive: false })
    .where(eq(licenseAssignments.id, ids.ended));
  ids.monthly = monthly.id;
  ids.yearly = yearly.id;

  // Office accounts: an active suspended one (30 USD a month) counts; an inactive one does not.
  await db.insert(accounts).values([
    {
      email: "gone@example.test",
      provider: "microsoft365",
      paymentAmount: 30,
      paymentCurrency: "USD",
      holderSuspended: true,
    },
    {
      email: "off@example.test",
      provider: "microsoft365",
      status: "inactive",
      paymentAmount: 99,
      paymentCurrency: "USD",
      lastSignInAt: daysAgo(100),
    },
    {
      email: "busy@example.test",
      provider: "microsoft365",
      paymentAmount: 50,
      paymentCurrency: "USD",
      lastSignInAt: daysAgo(2),
    },
  ]);
  // G Suite: 6 USD on its own price, 12 AUD through a plan; one busy, one never synced.
  const [plan] = await db
    .insert(gsuitePlans)
    .values({ name: "Business", basePrice: 12, currency: "AUD" })
    .returning();
  const rows = await db
    .insert(gsuiteAccounts)
    .values([
      {
        email: "idle@example.test",
        planType: "Starter",
        price: 6,
        paymentCurrency: "USD",
        lastSignInAt: daysAgo(90),
      },
      {
        email: "held@example.test",
        planType: "Business",
        planId: plan!.id,
        price: 1,
        paymentCurrency: "USD",
        holderSuspended: true,
      },
      {
        email: "active@example.test",
        planType: "Starter",
        price: 6,
        paymentCurrency: "USD",
        lastSignInAt: daysAgo(3),
      },
      { email: "unknown@example.test", planType: "Starter", price: 6, paymentCurrency: "USD" },
    ])
    .returning({ id: gsuiteAccounts.id, email: gsuiteAccounts.email });
  for (const row of rows) ids[row.email] = row.id;
});
afterAll(() => t.close());

const get = async (url: string, cookie = admin) => {
  const response = await t.request({ method: "GET", url, cookie });
  return response;
};

describe("unused seats", () => {
  it("lists the unused G Suite accounts, and refuses a bad value", async () => {
    const response = await get("/api/gsuite-accounts?unused=true");
    expect(response.statusCode, response.body).toBe(200);
    const emails = (response.json() as { email: string }[]).map((a) => a.email).sort();
    expect(emails).toEqual(["held@example.test", "idle@example.test"]);
    const all = await get("/api/gsuite-accounts?unused=false");
    const listed = all.json() as { email: string; unused: boolean }[];
    expect(listed.length).toBe(4);
    // Each account says whether it is unused, after the spec's fields.
    expect(Object.fromEntries(listed.map((a) => [a.email, a.unused]))).toEqual({
      "idle@example.test": true,
      "held@example.test": true,
      "active@example.test": false,
      "unknown@example.test": false,
    });
    expect(Object.keys(listed[0]!).at(-1)).toBe("unused");
    const one = await get(`/api/gsuite-accounts/${ids["idle@example.test"]}`);
    expect(one.json()).toMatchObject({ unused: true });
    // Paged, with the total counted over the filter.
    const page = await get("/api/gsuite-accounts?unused=true&limit=1");
    expect(page.headers["x-total-count"]).toBe("2");
    const bad = await get("/api/gsuite-accounts?unused=maybe");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "unused" }] });
  });

  it("lists the unused office accounts the dashboard counts: an inactive one is none", async () => {
    const response = await get("/api/accounts?unused=true");
    expect(response.statusCode, response.body).toBe(200);
    // off@ has not signed in for 100 days but is inactive; busy@ signed in 2 days ago.
    expect((response.json() as { email: string }[]).map((a) => a.email)).toEqual([
      "gone@example.test",
    ]);
    const summary = (await get("/api/dashboard/summary")).json();
    expect(summary.unusedSeats.officeAccounts).toBe(1);
    expect((await get("/api/accounts?unused=false")).json()).toHaveLength(3);
    const page = await get("/api/accounts?unused=true&limit=1");
    expect(page.headers["x-total-count"]).toBe("1");
    // An ordinary user's list is their own accounts still, filtered the same way.
    const own = await get("/api/accounts?unused=true", user);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual([]);
    const exported = await get("/api/accounts/export?format=csv&unused=true");
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain("gone@example.test");
    expect(exported.body).not.toContain("busy@example.test");
    expect((await get("/api/accounts?unused=maybe")).statusCode).toBe(400);
  });

  it("exports the filtered G Suite list", async () => {
    const response = await get("/api/gsuite-accounts/export?format=csv&unused=true");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain("idle@example.test");
    expect(response.body).toContain("held@example.test");
    expect(response.body).not.toContain("active@example.test");
    expect(response.body).not.toContain("unknown@example.test");
  });

  it("follows UNUSED_AFTER_DAYS on the assignments and licenses (29 days is not yet unused)", async () => {
    const seats = await get("/api/assignments?unused=true");
    expect(seats.statusCode, seats.body).toBe(200);
    expect((seats.json() as { id: number }[]).map((a) => a.id).sort()).toEqual(
      [ids.old, ids.suspended].sort(),
    );
    const licenses = await get("/api/licenses?unused=true");
    expect((licenses.json() as { id: number }[]).map((l) => l.id)).toEqual([ids.monthly]);
    // Each seat says whether it is unused (an ended one never); each license how many are.
    const every = (await get("/api/assignments")).json() as { id: number; unused: boolean }[];
    const unusedOf = Object.fromEntries(every.map((a) => [a.id, a.unused]));
    expect(unusedOf).toEqual({
      [ids.old!]: true,
      [ids.recent!]: false,
      [ids.unknown!]: false,
      [ids.suspended!]: true,
      [ids.almost!]: false,
      [ids.ended!]: false,
    });
    const monthly = (await get(`/api/licenses/${ids.monthly}`)).json();
    expect(monthly).toMatchObject({ assignedSeats: 4, unusedSeats: 2 });
    const yearly = (await get(`/api/licenses/${ids.yearly}`)).json();
    expect(yearly).toMatchObject({ assignedSeats: 1, unusedSeats: 0 });
    // The License Assignments cards filtered so show the seats to free, not every seat.
    const cards = await get("/api/assignments/of-license-page?unused=true&limit=12");
    expect(cards.statusCode, cards.body).toBe(200);
    expect((cards.json() as { id: number }[]).map((a) => a.id).sort()).toEqual(
      [ids.old, ids.suspended].sort(),
    );
    const unfiltered = await get("/api/assignments/of-license-page?limit=12");
    expect((unfiltered.json() as unknown[]).length).toBe(5);
  });

  it("puts the count and the monthly saving on the administrators' dashboard", async () => {
    const response = await get("/api/dashboard/summary");
    expect(response.statusCode, response.body).toBe(200);
    const rates = await loadCurrencyRates(t.app.db);
    // Seats 25 + 25 (Monthly Suite), office 30, G Suite 6 USD + 12 AUD.
    const usd = 25 + 25 + 30 + 6;
    expect(response.json().unusedSeats).toEqual({
      seats: 2,
      officeAccounts: 1,
      gsuiteAccounts: 2,
      total: 5,
      monthlySavings: {
        USD: roundMoney(usd + 12 * rateBetween(rates, "AUD", "USD")),
        AUD: roundMoney(usd * rateBetween(rates, "USD", "AUD") + 12),
      },
      unusedAfterDays: 30,
    });
    const other = await get("/api/dashboard/summary", user);
    expect(other.statusCode).toBe(200);
    expect(other.json().unusedSeats).toBeNull();
  });

  it("counts a seat from the day it passes the limit", async () => {
    await t.app.db
      .update(licenseAssignments)
      .set({ lastSignInAt: daysAgo(30) })
      .where(inArray(licenseAssignments.id, [ids.almost!]));
    const figure = (await get("/api/dashboard/summary")).json().unusedSeats;
    expect(figure.seats).toBe(3);
    const licenses = await get("/api/licenses?unused=true");
    expect((licenses.json() as { id: number }[]).map((l) => l.id).sort()).toEqual(
      [ids.monthly, ids.yearly].sort(),
    );
  });
});

describe("an ordinary user", () => {
  it("is not answered by the administrators' filters, which speak of others' seats", async () => {
    const holder = await t.signedInUser({ role: "user", email: "holder@example.test" });
    // Quiet Tool has no unused seat and is not low on seats; busy@ signed in 2 days ago.
    const quiet = await createLicenseViaApi(t, admin, { name: "Quiet Tool", totalSeats: 5 });
    await assignViaApi(t, admin, quiet.id, holder.user.id);
    const [busy] = await t.app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, "busy@example.test"));
    const assigned = await t.request({
      method: "POST",
      url: "/api/account-assignments",
      payload: {
        accountId: busy!.id,
        userId: holder.user.id,
        assignedTo: "Holder",
        deviceName: "HOLDER-LT",
        assignedDate: "2026-11-01",
      },
      cookie: admin,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const names = async (url: string, cookie = holder.cookie) =>
      ((await get(url, cookie)).json() as { name?: string; email?: string }[]).map(
        (row) => row.name ?? row.email,
      );
    // Filtered, the answer would tell them whether another holder signed in, or how many seats
    // are left: neither is in what they may read. Their own list comes back whole.
    expect(await names("/api/licenses?unused=true")).toEqual(["Quiet Tool"]);
    expect(await names("/api/licenses?lowSeats=true")).toEqual(["Quiet Tool"]);
    expect(await names("/api/accounts?unused=true")).toEqual(["busy@example.test"]);
    // An administrator's filters still apply, to the same person's list.
    expect(await names(`/api/users/${holder.user.id}/licenses?unused=true`, admin)).toEqual([]);
    expect(await names(`/api/users/${holder.user.id}/licenses`, admin)).toEqual(["Quiet Tool"]);
    expect(await names("/api/accounts?unused=true", admin)).not.toContain("busy@example.test");
  });
});
