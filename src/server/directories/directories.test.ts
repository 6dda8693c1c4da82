// The Directories API (spec part 2, 'Directory Management'): administrators only; fields,
// defaults and messages; status filter, search, sort and paging in SQL; soft delete with undo;
// Record payment with its history, and a price change's history.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { addMonths, todayIso } from "../../domain/dates";
import {
  DIRECTORY_AMOUNT_MESSAGE,
  DIRECTORY_FREQUENCY_MESSAGE,
  DIRECTORY_NAME_MESSAGE,
  DIRECTORY_URL_MESSAGE,
  type DirectoryHistoryResponse,
  type DirectoryResponse,
  NEXT_PAYMENT_DATE_MESSAGE,
} from "../../domain/schemas/directories";

let t: TestApp;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin", username: "dir-admin" }));
  ({ cookie: userCookie } = await t.signedInUser({ username: "dir-user" }));
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: unknown, cookie = adminCookie) =>
  t.request({
    method: method as "GET",
    url,
    cookie,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function create(fields: Record<string, unknown>): Promise<DirectoryResponse> {
  const response = await call("POST", "/api/directories", {
    paymentAmount: 100,
    nextPaymentDate: "2030-01-01",
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function names(query: string) {
  const response = await call("GET", `/api/directories${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return {
    names: (response.json() as DirectoryResponse[]).map((row) => row.name),
    total: response.headers["x-total-count"],
  };
}

describe("directories", () => {
  it("refuses ordinary users on every call", async () => {
    for (const [method, url] of [
      ["GET", "/api/directories"],
      ["GET", "/api/directories/1"],
      ["POST", "/api/directories"],
      ["PATCH", "/api/directories/1"],
      ["DELETE", "/api/directories/1"],
      ["POST", "/api/directories/1/payments"],
      ["GET", "/api/directories/1/payments"],
      ["POST", "/api/directories/1/restore"],
    ] as const) {
      const response = await call(method, url, method === "GET" ? undefined : {}, userCookie);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe("FORBIDDEN");
    }
  });

  it("creates a listing with the spec's defaults (USD, 12 months) and its status", async () => {
    const created = await create({
      name: "  Yelp  ",
      url: "https://www.yelp.com",
      paymentAmount: "299.50",
      paymentFrequencyMonths: "",
    });
    expect(created).toMatchObject({
      name: "Yelp",
      url: "https://www.yelp.com",
      paymentAmount: 299.5,
      paymentCurrency: "USD",
      paymentFrequencyMonths: 12,
      isOneTime: false,
      isCancelled: false,
      status: "active",
      nextPaymentDate: "2030-01-01",
      lastPaymentDate: null,
    });
  });

  it("answers each invalid field with its message", async () => {
    const response = await call("POST", "/api/directories", {
      name: " ",
      url: "javascript:alert(1)",
      paymentAmount: "-1",
      paymentCurrency: "JPY",
      paymentFrequencyMonths: 2,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
    const errors = response.json().errors as { path: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: "name", message: DIRECTORY_NAME_MESSAGE },
        { path: "url", message: DIRECTORY_URL_MESSAGE },
        { path: "paymentAmount", message: DIRECTORY_AMOUNT_MESSAGE },
        { path: "paymentCurrency", message: "Currency must be USD, AUD, EUR or GBP" },
        { path: "paymentFrequencyMonths", message: DIRECTORY_FREQUENCY_MESSAGE },
      ]),
    );
    const noDate = await call("POST", "/api/directories", { name: "X", paymentAmount: 1 });
    expect(noDate.json().errors).toContainEqual({
      path: "nextPaymentDate",
      message: NEXT_PAYMENT_DATE_MESSAGE,
    });
    // A one-time listing may have no next date.
    expect((await create({ name: "Once", isOneTime: true, nextPaymentDate: null })).status).toBe(
      "one-off",
    );
  });

  it("filters by status, searches and sorts in SQL, and pages with a total", async () => {
    await create({ name: "Alpha Active", paymentAmount: 5, nextPaymentDate: "2030-05-01" });
    await create({ name: "Beta One-off", isOneTime: true, paymentAmount: 50 });
    await create({ name: "Gamma Gone", isCancelled: true, paymentAmount: 20 });
    await create({ name: "Delta Gone Once", isCancelled: true, isOneTime: true, paymentAmount: 1 });
    await create({ name: "Epsilon", url: "https://epsilon.example", paymentAmount: 500 });

    expect((await names("?status=active&search=LP")).names).toEqual(["Alpha Active", "Yelp"]);
    expect((await names("?status=one-off")).names).toEqual(["Beta One-off", "Once"]);
    expect((await names("?status=cancelled")).names).toEqual(["Delta Gone Once", "Gamma Gone"]);
    expect((await names("?search=EPSILON.ex")).names).toEqual(["Epsilon"]);
    expect((await names("?search=%25")).names).toEqual([]);
    expect((await names("?sort=paymentAmount&order=desc&status=active")).names).toEqual([
      "Epsilon",
      "Yelp",
      "Alpha Active",
    ]);
    // Same date: by name.
    expect((await names("?sort=nextPaymentDate&status=active")).names).toEqual([
      "Epsilon",
      "Yelp",
      "Alpha Active",
    ]);
    const page = await names("?limit=2&offset=2");
    expect(page.total).toBe("7");
    expect(page.names).toEqual(["Delta Gone Once", "Epsilon"]);
    const bad = await call("GET", "/api/directories?status=paused&sort=url");
    expect(bad.statusCode).toBe(400);
  });

  // Name, URL and location, as a case-insensitive substring (a trigram index each, migration
  // 0028); one or two characters find the same rows as a longer search would.
  it("searches the location as well as the name and URL, at any length", async () => {
    await create({ name: "Loc Harbour", location: "Wollongong NSW" });
    await create({ name: "Loc Inland", location: "Dubbo", url: "https://wollo.example" });
    await create({ name: "Loc Elsewhere", location: "Perth WA" });
    expect((await names("?search=WOLLONGONG nsw")).names).toEqual(["Loc Harbour"]);
    expect((await names("?search=wollo")).names).toEqual(["Loc Harbour", "Loc Inland"]);
    expect((await names("?search=WA")).names).toEqual(["Loc Elsewhere"]);
    expect((await names("?search=h%20W")).names).toEqual(["Loc Elsewhere"]);
  });

  it("sorts by amount in one currency, at the stored rates, not by the raw figures", async () => {
    // In USD at the default rates: GBP 85 = 106.25, USD 100, EUR 90 = 98.10, AUD 140 = 93.80
    // (raw figures would put AUD 140 first).
    await create({ name: "Fx Kiwi", paymentAmount: 140, paymentCurrency: "AUD" });
    await create({ name: "Fx Lime", paymentAmount: 100, paymentCurrency: "USD" });
    await create({ name: "Fx Mango", paymentAmount: 90, paymentCurrency: "EUR" });
    await create({ name: "Fx Nectar", paymentAmount: 85, paymentCurrency: "GBP" });
    const fx = "&search=Fx%20&status=active";
    expect((await names(`?sort=paymentAmount&order=desc${fx}`)).names).toEqual([
      "Fx Nectar",
      "Fx Lime",
      "Fx Mango",
      "Fx Kiwi",
    ]);
    expect((await names(`?sort=paymentAmount&order=asc${fx}`)).names).toEqual([
      "Fx Kiwi",
      "Fx Mango",
      "Fx Lime",
      "Fx Nectar",
    ]);
    // An administrator's rate counts: AUD 140 at 0.8 is US$112, the largest.
    const rate = await call("PUT", "/api/currency-rates", {
      rates: [{ from: "AUD", to: "USD", rate: "0.8" }],
    });
    expect(rate.statusCode, rate.body).toBe(200);
    expect((await names(`?sort=paymentAmount&order=desc${fx}`)).names[0]).toBe("Fx Kiwi");
    await call("PUT", "/api/currency-rates", { rates: [{ from: "AUD", to: "USD", rate: "0.67" }] });
  });

  it("answers one listing by id as the list does; a deleted or missing one is 404", async () => {
    const listing = await create({ name: "Linked listing", url: "https://linked.example" });
    const found = await call("GET", `/api/directories/${listing.id}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual(listing);
    expect((await call("DELETE", `/api/directories/${listing.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/directories/${listing.id}`)).statusCode).toBe(404);
    expect((await call("GET", "/api/directories/999999")).statusCode).toBe(404);
  });

  it("updates fields and keeps a price change in the history", async () => {
    const listing = await create({ name: "Pricey", paymentAmount: 100, paymentCurrency: "AUD" });
    const same = await call("PATCH", `/api/directories/${listing.id}`, { notes: "n" });
    expect(same.statusCode).toBe(200);
    const changed = await call("PATCH", `/api/directories/${listing.id}`, {
      paymentAmount: 120,
      paymentCurrency: "EUR",
      paymentFrequencyMonths: 3,
    });
    expect(changed.json()).toMatchObject({
      paymentAmount: 120,
      paymentCurrency: "EUR",
      paymentFrequencyMonths: 3,
      notes: "n",
    });
    const history: DirectoryHistoryResponse = (
      await call("GET", `/api/directories/${listing.id}/payments`)
    ).json();
    expect(history.priceChanges).toHaveLength(1);
    expect(history.priceChanges[0]).toMatchObject({
      previousAmount: 100,
      previousCurrency: "AUD",
      newAmount: 120,
      newCurrency: "EUR",
    });
    const cleared = await call("PATCH", `/api/directories/${listing.id}`, {
      nextPaymentDate: null,
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().errors).toContainEqual({
      path: "nextPaymentDate",
      message: NEXT_PAYMENT_DATE_MESSAGE,
    });
    expect((await call("PATCH", "/api/directories/999999", { notes: "x" })).statusCode).toBe(404);
  });

  it("records a payment: history row, last date, next date one frequency later", async () => {
    const listing = await create({
      name: "Quarterly",
      paymentAmount: 75,
      paymentCurrency: "GBP",
      paymentFrequencyMonths: 3,
      nextPaymentDate: "2026-01-31",
    });
    const response = await call("POST", `/api/directories/${listing.id}/payments`, {
      paidOn: "2026-02-03",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().directory).toMatchObject({
      lastPaymentDate: "2026-02-03",
      nextPaymentDate: "2026-04-30",
    });
    expect(response.json().history.payments).toMatchObject([
      { paidOn: "2026-02-03", amount: 75, currency: "GBP" },
    ]);
    // Today by default, and the amount given.
    const second = await call("POST", `/api/directories/${listing.id}/payments`, { amount: "80" });
    expect(second.json().directory).toMatchObject({
      lastPaymentDate: todayIso(),
      nextPaymentDate: addMonths("2026-04-30", 3),
    });
    expect(second.json().history.payments.map((p: { amount: number }) => p.amount)).toEqual([
      80, 75,
    ]);
  });

  it("marks a one-time listing paid, and refuses to pay it twice or pay a cancelled one", async () => {
    const once = await create({ name: "Lifetime", isOneTime: true, nextPaymentDate: "2026-03-01" });
    const paid = await call("POST", `/api/directories/${once.id}/payments`, {});
    expect(paid.json().directory).toMatchObject({
      nextPaymentDate: null,
      lastPaymentDate: todayIso(),
    });
    const again = await call("POST", `/api/directories/${once.id}/payments`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("CONFLICT");
    const gone = await create({ name: "Gone", isCancelled: true });
    const refused = await call("POST", `/api/directories/${gone.id}/payments`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("A cancelled listing takes no payments.");
  });

  it("deletes without confirmation and restores with Undo, history included", async () => {
    const listing = await create({ name: "Undoable", nextPaymentDate: "2026-01-01" });
    await call("POST", `/api/directories/${listing.id}/payments`, { paidOn: "2026-01-02" });
    const deleted = await call("DELETE", `/api/directories/${listing.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await names("?search=Undoable")).names).toEqual([]);
    expect((await call("DELETE", `/api/directories/${listing.id}`)).statusCode).toBe(404);
    expect((await call("PATCH", `/api/directories/${listing.id}`, { notes: "x" })).statusCode).toBe(
      404,
    );
    const restored = await call("POST", `/api/directories/${listing.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().name).toBe("Undoable");
    expect((await names("?search=Undoable")).names).toEqual(["Undoable"]);
    const history = await call("GET", `/api/directories/${listing.id}/payments`);
    expect(history.json().payments).toHaveLength(1);
    expect((await call("POST", `/api/directories/${listing.id}/restore`)).statusCode).toBe(404);
  });
});
