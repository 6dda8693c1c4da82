// GET/PUT /api/currency-rates: administrators read and change the rates; loadCurrencyRates()
// then converts with them, keeping the defaults for pairs nobody set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { convertWith, DEFAULT_CURRENCY_RATES, RATE_PAIRS } from "../../domain/money/rates";
import {
  type CurrencyRateResponse,
  RATE_MESSAGE,
  RATE_PAIR_MESSAGE,
} from "../../domain/schemas/currency-rates";
import { loadCurrencyRates } from "./service";

let t: TestApp;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({
    role: "admin",
    username: "rates-admin",
    fullName: "Rita Rates",
  }));
  ({ cookie: userCookie } = await t.signedInUser({ username: "rates-user" }));
});
afterAll(() => t.close());

const put = (payload: unknown, cookie = adminCookie) =>
  t.request({ method: "PUT", url: "/api/currency-rates", payload: payload as object, cookie });

const rateOf = (list: CurrencyRateResponse[], from: string, to: string) =>
  list.find((row) => row.from === from && row.to === to);

describe("currency rates", () => {
  it("lists every pair at its default, with no date, before anyone sets one", async () => {
    const response = await t.request({
      method: "GET",
      url: "/api/currency-rates",
      cookie: adminCookie,
    });
    expect(response.statusCode).toBe(200);
    const list = response.json() as CurrencyRateResponse[];
    expect(list.map((row) => [row.from, row.to])).toEqual(RATE_PAIRS);
    expect(rateOf(list, "USD", "AUD")).toEqual({
      from: "USD",
      to: "AUD",
      rate: 1.5,
      defaultRate: 1.5,
      setAt: null,
      setBy: null,
    });
    expect(rateOf(list, "INR", "USD")?.rate).toBe(0.012);
    expect(await loadCurrencyRates(t.app.db)).toEqual(DEFAULT_CURRENCY_RATES);
  });

  it("refuses ordinary users, reading as well as writing", async () => {
    const read = await t.request({ method: "GET", url: "/api/currency-rates", cookie: userCookie });
    expect(read.statusCode).toBe(403);
    expect(read.json().code).toBe("FORBIDDEN");
    const write = await put({ rates: [{ from: "USD", to: "AUD", rate: 9 }] }, userCookie);
    expect(write.statusCode).toBe(403);
    const after = await loadCurrencyRates(t.app.db);
    expect(after.USD?.AUD).toBe(1.5);
  });

  it("stores a rate with the date and the administrator, and converts with it", async () => {
    const before = Date.now();
    const response = await put({ rates: [{ from: "USD", to: "AUD", rate: "1.55" }] });
    expect(response.statusCode, response.body).toBe(200);
    const row = rateOf(response.json(), "USD", "AUD")!;
    expect(row.rate).toBe(1.55);
    expect(row.defaultRate).toBe(1.5);
    expect(row.setBy).toBe("Rita Rates");
    expect(Date.parse(row.setAt!)).toBeGreaterThanOrEqual(before - 1000);
    // The other pairs keep their defaults.
    expect(rateOf(response.json(), "AUD", "USD")?.setAt).toBeNull();

    const rates = await loadCurrencyRates(t.app.db);
    expect(convertWith(rates, 100, "USD", "AUD")).toBe(155);
    expect(convertWith(rates, 100, "AUD", "USD")).toBe(67);
    expect(convertWith(rates, 1000, "INR", "AUD")).toBe(18);
  });

  it("keeps the date of a rate saved again unchanged", async () => {
    const first = rateOf(
      (await put({ rates: [{ from: "GBP", to: "USD", rate: 1.3 }] })).json(),
      "GBP",
      "USD",
    )!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = rateOf(
      (
        await put({
          rates: [
            { from: "GBP", to: "USD", rate: 1.3 },
            { from: "INR", to: "USD", rate: 0.0115 },
          ],
        })
      ).json(),
      "GBP",
      "USD",
    )!;
    expect(again.setAt).toBe(first.setAt);
    const rates = await loadCurrencyRates(t.app.db);
    expect(rates.INR?.USD).toBe(0.0115);
  });

  it("refuses bad rates and unknown pairs with the messages, storing nothing", async () => {
    for (const rate of [0, -1, "abc", 1.1234567, "1e3", null]) {
      const response = await put({
        rates: [
          { from: "EUR", to: "USD", rate: 2 },
          { from: "EUR", to: "AUD", rate },
        ],
      });
      expect(response.statusCode, String(rate)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      expect(response.json().errors).toContainEqual({
        path: "rates.1.rate",
        message: RATE_MESSAGE,
      });
    }
    const unknownPair = await put({ rates: [{ from: "AUD", to: "EUR", rate: 0.6 }] });
    expect(unknownPair.statusCode).toBe(400);
    expect(unknownPair.json().errors).toContainEqual({
      path: "rates.0.to",
      message: RATE_PAIR_MESSAGE,
    });
    const twice = await put({
      rates: [
        { from: "EUR", to: "USD", rate: 2 },
        { from: "EUR", to: "USD", rate: 3 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect((await loadCurrencyRates(t.app.db)).EUR?.USD).toBe(1.09);
  });
});
