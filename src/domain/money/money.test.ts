import { describe, expect, it } from "vitest";
import { roundMoney, toAmount } from "./amounts";
import { formatAmount, formatMoney } from "./format";
import {
  CONVERSION,
  type CurrencyRates,
  convert,
  convertWith,
  DEFAULT_CURRENCY_RATES,
  RATE_PAIRS,
  rateBetween,
} from "./rates";

describe("formatAmount", () => {
  it("formats en-US dollars with two decimals", () => {
    expect(formatAmount(259)).toBe("$259.00");
    expect(formatAmount(1234.5)).toBe("$1,234.50");
    expect(formatAmount("99.9")).toBe("$99.90");
    expect(formatAmount(" 12 ")).toBe("$12.00");
    expect(formatAmount(0)).toBe("$0.00");
    expect(formatAmount(-5)).toBe("-$5.00");
    expect(formatAmount(0.125)).toBe("$0.13");
  });

  it("shows $0.00 for missing, empty or non-numeric amounts", () => {
    for (const value of [null, undefined, "", "  ", "abc", "12abc", Number.NaN, Infinity, {}, []]) {
      expect(formatAmount(value)).toBe("$0.00");
    }
  });
});

describe("formatMoney", () => {
  it("formats in the amount's own currency", () => {
    expect(formatMoney(1234.5, "USD")).toBe("$1,234.50");
    expect(formatMoney(10, "AUD")).toBe("A$10.00");
    expect(formatMoney(10, "EUR")).toBe("€10.00");
    expect(formatMoney("10", "GBP")).toBe("£10.00");
    expect(formatMoney(null, "AUD")).toBe("A$0.00");
    expect(formatMoney(5)).toBe("$5.00");
  });
});

describe("toAmount / roundMoney", () => {
  it("reads numbers and numeric strings only", () => {
    expect(toAmount(3)).toBe(3);
    expect(toAmount("3.5")).toBe(3.5);
    expect(toAmount("")).toBeNull();
    expect(toAmount("x")).toBeNull();
    expect(toAmount(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toAmount(true)).toBeNull();
  });

  it("rounds half away from zero to cents", () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(1.004)).toBe(1);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(0)).toBe(0);
  });
});

describe("convert", () => {
  it("uses the spec's fixed rates", () => {
    expect(CONVERSION).toEqual({
      USD: { AUD: 1.5 },
      AUD: { USD: 0.67 },
      EUR: { USD: 1.09, AUD: 1.64 },
      GBP: { USD: 1.25, AUD: 1.88 },
    });
    expect(convert(100, "USD", "AUD")).toBe(150);
    expect(convert(100, "AUD", "USD")).toBe(67);
    expect(convert(100, "EUR", "USD")).toBe(109);
    expect(convert(100, "EUR", "AUD")).toBe(164);
    expect(convert(100, "GBP", "USD")).toBe(125);
    expect(convert(100, "GBP", "AUD")).toBe(188);
  });

  it("returns the amount (rounded) in its own currency", () => {
    for (const currency of ["USD", "AUD", "EUR", "GBP"] as const) {
      expect(convert(12.345, currency, currency)).toBe(12.35);
    }
  });

  it("derives unlisted pairs from the inverse rate, or through USD", () => {
    expect(convert(109, "USD", "EUR")).toBe(100);
    expect(convert(125, "USD", "GBP")).toBe(100);
    expect(convert(10, "AUD", "EUR")).toBe(6.1);
    expect(convert(100, "EUR", "GBP")).toBe(87.2);
    expect(convert(100, "GBP", "EUR")).toBe(114.68);
  });

  it("rounds to two decimals", () => {
    expect(convert(33.33, "USD", "AUD")).toBe(50);
    expect(convert(0.01, "AUD", "USD")).toBe(0.01);
    expect(convert(259, "GBP", "AUD")).toBe(486.92);
  });
});

describe("convertWith", () => {
  it("uses the given rates, not the spec's", () => {
    const rates: CurrencyRates = { USD: { AUD: 2 }, AUD: { USD: 0.4 } };
    expect(convertWith(rates, 10, "USD", "AUD")).toBe(20);
    // The listed AUD → USD (0.4) wins over the inverse of USD → AUD (0.5).
    expect(convertWith(rates, 10, "AUD", "USD")).toBe(4);
  });

  it("inverts a rate listed only the other way", () => {
    const rates: CurrencyRates = { USD: { AUD: 2 } };
    expect(convertWith(rates, 10, "AUD", "USD")).toBe(5);
    expect(rateBetween(rates, "AUD", "USD")).toBe(0.5);
  });

  it("converts INR at the default rates (0.012 USD, 0.018 AUD per rupee)", () => {
    expect(convertWith(DEFAULT_CURRENCY_RATES, 1000, "INR", "USD")).toBe(12);
    expect(convertWith(DEFAULT_CURRENCY_RATES, 1000, "INR", "AUD")).toBe(18);
    // 100 / 0.012 = 8333.333…
    expect(convertWith(DEFAULT_CURRENCY_RATES, 100, "USD", "INR")).toBe(8333.33);
    // Through USD: 1000 × 0.012 / 1.09 = 11.0091…
    expect(convertWith(DEFAULT_CURRENCY_RATES, 1000, "INR", "EUR")).toBe(11.01);
    // 100 × 1.09 / 0.012 = 9083.333…
    expect(convertWith(DEFAULT_CURRENCY_RATES, 100, "EUR", "INR")).toBe(9083.33);
  });

  it("lets a stored rate replace one default and keeps the rest", () => {
    const rates: CurrencyRates = { ...DEFAULT_CURRENCY_RATES, USD: { AUD: 1.6 } };
    expect(convertWith(rates, 100, "USD", "AUD")).toBe(160);
    expect(convertWith(rates, 100, "AUD", "USD")).toBe(67);
    expect(convertWith(rates, 100, "GBP", "AUD")).toBe(188);
  });

  it("gives the same answers as convert() at the spec's rates", () => {
    expect(convertWith(DEFAULT_CURRENCY_RATES, 259, "GBP", "AUD")).toBe(convert(259, "GBP", "AUD"));
    expect(convertWith(DEFAULT_CURRENCY_RATES, 100, "EUR", "GBP")).toBe(87.2);
    expect(convertWith(DEFAULT_CURRENCY_RATES, 12.345, "INR", "INR")).toBe(12.35);
  });

  it("refuses a pair it cannot derive instead of inventing a rate", () => {
    expect(() => convertWith({}, 1, "EUR", "GBP")).toThrow("No rate from EUR to GBP");
  });

  it("lists every default pair once", () => {
    expect(RATE_PAIRS).toEqual([
      ["USD", "AUD"],
      ["AUD", "USD"],
      ["EUR", "USD"],
      ["EUR", "AUD"],
      ["GBP", "USD"],
      ["GBP", "AUD"],
      ["INR", "USD"],
      ["INR", "AUD"],
    ]);
  });
});
