import { describe, expect, it } from "vitest";
import { sumAmounts, toCents } from "./amounts";
import { LICENSE_MONTHLY_FACTOR } from "./factors";
import { convertedTotal } from "./grouped-total";
import { DEFAULT_CURRENCY_RATES } from "./rates";

describe("exact sums", () => {
  it("reads amounts and SQL sums as integer cents", () => {
    expect(toCents("1234.56")).toBe(123456);
    expect(toCents("0.1")).toBe(10);
    expect(toCents("-2.05")).toBe(-205);
    expect(toCents("7")).toBe(700);
    expect(toCents("1.005")).toBe(101);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(null)).toBe(0);
  });
  it("does not drift over many additions", () => {
    const tenCents = Array.from({ length: 10_000 }, () => 0.1);
    expect(tenCents.reduce((a, b) => a + b, 0)).not.toBe(1000);
    expect(sumAmounts(tenCents)).toBe(1000);
    expect(sumAmounts(["0.10", "0.20"])).toBe(0.3);
  });
  it("applies factor and rate once per group and rounds at the end", () => {
    const rates = DEFAULT_CURRENCY_RATES;
    // 3 × 100 EUR quarterly = 100 EUR a month = 164 AUD; 120 USD annually = 15 AUD
    expect(
      convertedTotal(
        [
          { currency: "EUR", factor: LICENSE_MONTHLY_FACTOR.quarterly!, amount: "300.00" },
          { currency: "USD", factor: LICENSE_MONTHLY_FACTOR.annually!, amount: "120.00" },
        ],
        rates,
        "AUD",
      ),
    ).toBe(179);
    // 100/3 EUR → USD: 36.3333… rounds once to 36.33; INR at the 0.012 default
    expect(convertedTotal([{ currency: "EUR", factor: 1 / 3, amount: "100" }], rates, "USD")).toBe(
      36.33,
    );
    expect(convertedTotal([{ currency: "INR", factor: 1, amount: "1000" }], rates, "USD")).toBe(12);
    expect(convertedTotal([], rates, "AUD")).toBe(0);
  });
});
