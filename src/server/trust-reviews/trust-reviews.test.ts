// The Trust Reviews API: administrators only; the spec's messages; filter tabs and search
// (client name, Domain field, domains in the notes) in SQL; approval rules with the approver
// from the session; activation; and the summary figures summed by hand in several currencies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { todayIso } from "../../domain/dates";
import {
  ASSIGNED_DATE_MESSAGE,
  CLIENT_NAME_MESSAGE,
  CURRENCY_MESSAGE,
  DOMAIN_MESSAGE,
  FREQUENCY_MESSAGE,
  LICENSE_MESSAGE,
  PAYMENT_STATUS_MESSAGE,
  type TrustReviewResponse,
  type TrustReviewSummaryResponse,
} from "../../domain/schemas/trust-reviews";

let t: TestApp;
let adminCookie: string;
let otherAdminCookie: string;
let userCookie: string;
let licenseA: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin", username: "tr-admin" }));
  ({ cookie: otherAdminCookie } = await t.signedInUser({ role: "admin", username: "tr-boss" }));
  ({ cookie: userCookie } = await t.signedInUser({ username: "tr-user" }));
  licenseA = (
    await createLicenseViaApi(t, adminCookie, {
      name: "A",
      totalSeats: 2,
      paymentAmount: 120,
      paymentCurrency: "USD",
      paymentFrequency: "annually",
    })
  ).id;
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: unknown, cookie = adminCookie) =>
  t.request({
    method: method as "GET",
    url,
    cookie,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function create(fields: Record<string, unknown>): Promise<TrustReviewResponse> {
  const response = await call("POST", "/api/trust-reviews", {
    licenseId: licenseA,
    assignedDate: "2026-01-10",
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function clients(query: string) {
  const response = await call("GET", `/api/trust-reviews${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TrustReviewResponse[]).map((row) => row.clientName).sort();
}

describe("trust reviews", () => {
  it("refuses ordinary users on every call", async () => {
    for (const [method, url] of [
      ["GET", "/api/trust-reviews"],
      ["GET", "/api/trust-reviews/summary"],
      ["POST", "/api/trust-reviews"],
      ["PATCH", "/api/trust-reviews/1"],
      ["PATCH", "/api/trust-reviews/1/approval"],
      ["PATCH", "/api/trust-reviews/1/status"],
    ] as const) {
      const response = await call(method, url, method === "GET" ? undefined : {}, userCookie);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("answers every invalid field with the spec's message", async () => {
    const response = await call("POST", "/api/trust-reviews", {
      clientName: "X",
      assignedDate: "",
      paymentStatus: "sometimes",
      clientPaymentCurrency: "JPY",
      paymentFrequency: "weekly",
      approvalStatus: "maybe",
      domain: "not a domain",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: "licenseId", message: LICENSE_MESSAGE },
        { path: "clientName", message: CLIENT_NAME_MESSAGE },
        { path: "assignedDate", message: ASSIGNED_DATE_MESSAGE },
        { path: "paymentStatus", message: PAYMENT_STATUS_MESSAGE },
        { path: "clientPaymentCurrency", message: CURRENCY_MESSAGE },
        { path: "paymentFrequency", message: FREQUENCY_MESSAGE },
        { path: "approvalStatus", message: "Please select an approval status." },
        { path: "domain", message: DOMAIN_MESSAGE },
      ]),
    );
    const noLicense = await call("POST", "/api/trust-reviews", {
      licenseId: 999999,
      clientName: "Someone",
      assignedDate: "2026-01-01",
    });
    expect(noLicense.statusCode).toBe(400);
    expect(noLicense.json().errors).toContainEqual({ path: "licenseId", message: LICENSE_MESSAGE });
  });

  it("creates with the defaults, stores the domain, ignores a client-sent approvedBy", async () => {
    const created = await create({
      clientName: "Harbour Dental",
      domain: "https://www.HarbourDental.com.au/about",
      approvedBy: "someone-else",
    });
    expect(created).toMatchObject({
      clientName: "Harbour Dental",
      domain: "harbourdental.com.au",
      paymentStatus: "not_paying",
      clientPaymentCurrency: "AUD",
      paymentFrequency: "monthly",
      isActive: true,
      approvalStatus: "pending",
      approvedBy: null,
      license: { id: licenseA, name: "A", totalSeats: 2 },
    });
  });

  it("approves a pending row once, as the signed-in administrator; a second decision is 409", async () => {
    const row = await create({ clientName: "Approve Me" });
    const approved = await call("PATCH", `/api/trust-reviews/${row.id}/approval`, {
      status: "approved",
      approvedBy: "mallory",
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ approvalStatus: "approved", approvedBy: "tr-admin" });
    const second = await call(
      "PATCH",
      `/api/trust-reviews/${row.id}/approval`,
      { status: "rejected" },
      otherAdminCookie,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("APPROVAL_NOT_PENDING");
    const pending = await call("PATCH", `/api/trust-reviews/${row.id}/approval`, {
      status: "pending",
    });
    expect(pending.statusCode).toBe(400);
    expect(
      (await call("PATCH", "/api/trust-reviews/999999/approval", { status: "keep" })).statusCode,
    ).toBe(404);
    // Two decisions at once: exactly one wins.
    const race = await create({ clientName: "Race" });
    const answers = await Promise.all([
      call("PATCH", `/api/trust-reviews/${race.id}/approval`, { status: "keep" }),
      call(
        "PATCH",
        `/api/trust-reviews/${race.id}/approval`,
        { status: "rejected" },
        otherAdminCookie,
      ),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it("lets the edit form set any approval value, recording who set it", async () => {
    const row = await create({ clientName: "Edited" });
    const edited = await call(
      "PATCH",
      `/api/trust-reviews/${row.id}`,
      { approvalStatus: "keep", paymentStatus: "partial", clientPaymentAmount: "12.50" },
      otherAdminCookie,
    );
    expect(edited.json()).toMatchObject({
      approvalStatus: "keep",
      approvedBy: "tr-boss",
      paymentStatus: "partial",
      clientPaymentAmount: 12.5,
    });
    const back = await call("PATCH", `/api/trust-reviews/${row.id}`, { approvalStatus: "pending" });
    expect(back.json()).toMatchObject({ approvalStatus: "pending", approvedBy: null });
  });

  it("deactivates with the date and reason, and reactivates", async () => {
    const row = await create({ clientName: "Leaving" });
    const off = await call("PATCH", `/api/trust-reviews/${row.id}/status`, {
      isActive: false,
      cancellationReason: "Moved to another agency",
    });
    expect(off.json()).toMatchObject({
      isActive: false,
      cancellationRequestDate: todayIso(),
      cancellationReason: "Moved to another agency",
    });
    const on = await call("PATCH", `/api/trust-reviews/${row.id}/status`, { isActive: true });
    expect(on.json()).toMatchObject({
      isActive: true,
      cancellationRequestDate: null,
      cancellationReason: null,
    });
    const bad = await call("PATCH", `/api/trust-reviews/${row.id}/status`, { isActive: "no" });
    expect(bad.statusCode).toBe(400);
  });
});

describe("the list", () => {
  it("filters by tab and searches client name, domain and notes", async () => {
    await create({ clientName: "Paying Co", paymentStatus: "paying", notes: "site: paying-co.io" });
    await create({ clientName: "Part Co", paymentStatus: "partial", domain: "partco.net" });
    await create({ clientName: "Gone Co", isActive: false });
    expect(await clients("?status=paying")).toEqual(["Paying Co"]);
    expect(await clients("?status=partial")).toEqual(["Edited", "Part Co"]);
    expect(await clients("?status=inactive")).toEqual(["Gone Co"]);
    expect(await clients("?search=paying-co.io")).toEqual(["Paying Co"]);
    expect(await clients("?search=PARTCO")).toEqual(["Part Co"]);
    expect(await clients("?search=harbourdental")).toEqual(["Harbour Dental"]);
    expect((await call("GET", "/api/trust-reviews?status=everyone")).statusCode).toBe(400);
    const page = await t.request({
      method: "GET",
      url: "/api/trust-reviews?limit=2&sort=clientName",
      cookie: adminCookie,
    });
    expect(page.headers["x-total-count"]).toBe("8");
    expect(page.json()).toHaveLength(2);
  });
});

describe("the summary figures, by hand", () => {
  it("counts, seats per license and money in AUD and USD", async () => {
    // A fresh database, so every figure is exactly the rows below.
    const fresh = await buildTestApp();
    try {
      const { cookie } = await fresh.signedInUser({ role: "admin", username: "sum-admin" });
      const license = async (fields: Record<string, unknown>) =>
        (await createLicenseViaApi(fresh, cookie, fields)).id;
      const read = async (currency: string) => {
        const response = await fresh.request({
          method: "GET",
          url: `/api/trust-reviews/summary?currency=${currency}`,
          cookie,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as TrustReviewSummaryResponse;
      };
      // Nothing yet: every figure zero, the seat badge green.
      const empty = await read("AUD");
      expect(empty.counts).toEqual({
        total: 0,
        active: 0,
        inactive: 0,
        paying: 0,
        notPaying: 0,
        partial: 0,
        pendingApprovals: 0,
      });
      expect(empty.seats).toEqual({
        used: 0,
        total: 0,
        withinSeats: true,
        overCommittedLicenseIds: [],
      });
      expect(empty.monthly).toEqual({ revenue: 0, cost: 0, net: 0 });
      const a = await license({
        totalSeats: 2,
        paymentAmount: 120,
        paymentCurrency: "USD",
        paymentFrequency: "annually",
      });
      const b = await license({
        totalSeats: 1,
        paymentAmount: 30,
        paymentCurrency: "AUD",
        paymentFrequency: "monthly",
      });
      const c = await license({
        totalSeats: 10,
        paymentAmount: 360,
        paymentCurrency: "EUR",
        paymentFrequency: "one-time",
      });
      // Not lent to anyone active: its cost must not count.
      const d = await license({
        totalSeats: 3,
        paymentAmount: 999,
        paymentCurrency: "USD",
        paymentFrequency: "monthly",
      });
      const add = async (fields: Record<string, unknown>) => {
        const response = await fresh.request({
          method: "POST",
          url: "/api/trust-reviews",
          cookie,
          payload: { assignedDate: "2026-01-01", clientName: "Client", ...fields },
        });
        expect(response.statusCode, response.body).toBe(201);
      };
      // A: 2 active of 2 seats. B: 2 active of 1 seat (over). C: 1 active of 10. D: inactive only.
      await add({
        licenseId: a,
        paymentStatus: "paying",
        clientPaymentAmount: 100,
        clientPaymentCurrency: "USD",
        paymentFrequency: "monthly",
      });
      await add({
        licenseId: a,
        paymentStatus: "partial",
        clientPaymentAmount: 1200,
        clientPaymentCurrency: "GBP",
        paymentFrequency: "annually",
      });
      // A's 2 seats exactly used: still green.
      expect((await read("AUD")).seats).toEqual({
        used: 2,
        total: 2,
        withinSeats: true,
        overCommittedLicenseIds: [],
      });
      await add({
        licenseId: b,
        paymentStatus: "paying",
        clientPaymentAmount: 50,
        clientPaymentCurrency: "EUR",
        paymentFrequency: "monthly",
        approvalStatus: "approved",
      });
      await add({
        licenseId: b,
        paymentStatus: "not_paying",
        clientPaymentAmount: 500,
        clientPaymentCurrency: "AUD",
      });
      await add({ licenseId: c, paymentStatus: "not_paying" });
      // Inactive: its payment and its license's cost do not count.
      await add({
        licenseId: d,
        paymentStatus: "paying",
        clientPaymentAmount: 1000,
        clientPaymentCurrency: "AUD",
        isActive: false,
      });

      const aud = await read("AUD");
      expect(aud.counts).toEqual({
        total: 6,
        active: 5,
        inactive: 1,
        paying: 3,
        notPaying: 2,
        partial: 1,
        pendingApprovals: 5,
      });
      // Used 2 + 2 + 1 = 5 of 2 + 1 + 10 = 13 seats; B is over its single seat.
      expect(aud.seats).toEqual({
        used: 5,
        total: 13,
        withinSeats: false,
        overCommittedLicenseIds: [b],
      });
      // Revenue a month: 100 USD ×1.5 = 150; 1200 GBP ÷12 ×1.88 = 188; 50 EUR ×1.64 = 82 → 420.
      // Cost a month: 120 USD ÷12 ×1.5 = 15; 30 AUD = 30; 360 EUR ÷36 ×1.64 = 16.40 → 61.40.
      expect(aud.monthly).toEqual({ revenue: 420, cost: 61.4, net: 358.6 });
      // A year: 1800 + 2256 + 984 = 5040; cost 180 + 360 + 196.80 = 736.80.
      expect(aud.annual).toEqual({ revenue: 5040, cost: 736.8, net: 4303.2 });

      // USD: 100 + 1200 ÷12 ×1.25 = 125 + 50 ×1.09 = 54.50 → 279.50 a month;
      // cost 10 + 30 ×0.67 = 20.10 + 360 ÷36 ×1.09 = 10.90 → 41.00.
      const usd = await read("USD");
      expect(usd.monthly).toEqual({ revenue: 279.5, cost: 41, net: 238.5 });
      expect(usd.annual).toEqual({ revenue: 3354, cost: 492, net: 2862 });

      // A stored rate changes the figures: USD → AUD at 1.6 makes 100 USD 160 and 10 USD 16.
      const put = await fresh.request({
        method: "PUT",
        url: "/api/currency-rates",
        cookie,
        payload: { rates: [{ from: "USD", to: "AUD", rate: 1.6 }] },
      });
      expect(put.statusCode).toBe(200);
      const after = await read("AUD");
      expect(after.monthly).toEqual({ revenue: 430, cost: 62.4, net: 367.6 });
    } finally {
      await fresh.close();
    }
  });
});

// Last: the earlier lists and sums count every row there is.
describe("one assignment by id", () => {
  it("answers it with its license, to administrators only; a missing one is 404", async () => {
    const review = await create({ clientName: "Linked Client", domain: "linked.example" });
    const found = await call("GET", `/api/trust-reviews/${review.id}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual(review);
    expect((found.json() as TrustReviewResponse).license.id).toBe(licenseA);
    expect(
      (await call("GET", `/api/trust-reviews/${review.id}`, undefined, userCookie)).statusCode,
    ).toBe(403);
    expect((await call("GET", "/api/trust-reviews/999999")).statusCode).toBe(404);
  });
});
