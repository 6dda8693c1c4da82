import { describe, expect, it } from "vitest";
import { DEFAULT_CURRENCY_RATES } from "./money/rates";
import {
  clientRevenueFactors,
  licenseCostFactors,
  trustReviewFigures,
} from "./trust-review-figures";

const rates = DEFAULT_CURRENCY_RATES;

describe("licenseCostFactors", () => {
  it("normalises a license payment to a year and a month", () => {
    expect(licenseCostFactors("monthly")).toEqual({ yearly: 12, monthly: 1 });
    expect(licenseCostFactors("quarterly")).toEqual({ yearly: 4, monthly: 1 / 3 });
    expect(licenseCostFactors("annually")).toEqual({ yearly: 1, monthly: 1 / 12 });
    expect(licenseCostFactors("one-time")).toEqual({ yearly: 1 / 3, monthly: 1 / 36 });
    // Any other frequency counts as annual.
    expect(licenseCostFactors("weekly")).toEqual({ yearly: 1, monthly: 1 / 12 });
  });
});

describe("clientRevenueFactors", () => {
  it("takes monthly as is and spreads annual over 12 months", () => {
    expect(clientRevenueFactors("monthly")).toEqual({ yearly: 12, monthly: 1 });
    expect(clientRevenueFactors("annually")).toEqual({ yearly: 1, monthly: 1 / 12 });
  });
});

describe("trustReviewFigures", () => {
  it("sums one currency by hand", () => {
    // Revenue: 45 AUD monthly + 420 AUD yearly → 45 + 35 = 80 a month, 540 + 420 = 960 a year.
    // Cost: 259 AUD annually → 21.583… a month, 259 a year.
    const figures = trustReviewFigures(
      {
        revenue: [
          { currency: "AUD", frequency: "monthly", amount: 45 },
          { currency: "AUD", frequency: "annually", amount: 420 },
        ],
        cost: [{ currency: "AUD", frequency: "annually", amount: 259 }],
      },
      rates,
      "AUD",
    );
    expect(figures.monthly).toEqual({ revenue: 80, cost: 21.58, net: 58.42 });
    expect(figures.annual).toEqual({ revenue: 960, cost: 259, net: 701 });
  });

  it("converts mixed currencies into the display currency (AUD)", () => {
    // Revenue a month: 100 USD monthly ×1.5 = 150; 1200 GBP yearly ÷12 ×1.88 = 188; 50 EUR
    //   monthly ×1.64 = 82 → 420 AUD. A year: 1800 + 2256 + 984 = 5040 AUD.
    // Cost a month: 30 USD quarterly ÷3 ×1.5 = 15; 360 EUR one-time ÷36 ×1.64 = 16.40;
    //   10 AUD monthly = 10 → 41.40 AUD. A year: 180 + 196.80 + 120 = 496.80 AUD.
    const figures = trustReviewFigures(
      {
        revenue: [
          { currency: "USD", frequency: "monthly", amount: 100 },
          { currency: "GBP", frequency: "annually", amount: 1200 },
          { currency: "EUR", frequency: "monthly", amount: 50 },
        ],
        cost: [
          { currency: "USD", frequency: "quarterly", amount: 30 },
          { currency: "EUR", frequency: "one-time", amount: 360 },
          { currency: "AUD", frequency: "monthly", amount: 10 },
        ],
      },
      rates,
      "AUD",
    );
    expect(figures.monthly).toEqual({ revenue: 420, cost: 41.4, net: 378.6 });
    expect(figures.annual).toEqual({ revenue: 5040, cost: 496.8, net: 4543.2 });
  });

  it("converts into USD with the AUD → USD rate (0.67), not the inverse of 1.5", () => {
    // 300 AUD monthly ×0.67 = 201 USD; 120 USD annually ÷12 = 10 USD a month.
    const figures = trustReviewFigures(
      {
        revenue: [{ currency: "AUD", frequency: "monthly", amount: 300 }],
        cost: [{ currency: "USD", frequency: "annually", amount: 120 }],
      },
      rates,
      "USD",
    );
    expect(figures.monthly).toEqual({ revenue: 201, cost: 10, net: 191 });
    expect(figures.annual).toEqual({ revenue: 2412, cost: 120, net: 2292 });
  });

  it("uses stored rates and rounds only the totals", () => {
    const figures = trustReviewFigures(
      {
        revenue: [
          { currency: "USD", frequency: "monthly", amount: 1 },
          { currency: "USD", frequency: "monthly", amount: 1 },
        ],
        cost: [],
      },
      { ...rates, USD: { AUD: 1.5025 } },
      "AUD",
    );
    // 2 × 1.5025 = 3.005 → 3.01 (each rounded first would give 1.50 + 1.50 = 3.00).
    expect(figures.monthly).toEqual({ revenue: 3.01, cost: 0, net: 3.01 });
  });

  it("gives zeros with nothing to sum, and a negative net when cost exceeds revenue", () => {
    expect(trustReviewFigures({ revenue: [], cost: [] }, rates, "AUD")).toEqual({
      monthly: { revenue: 0, cost: 0, net: 0 },
      annual: { revenue: 0, cost: 0, net: 0 },
    });
    const loss = trustReviewFigures(
      { revenue: [], cost: [{ currency: "AUD", frequency: "monthly", amount: 12.5 }] },
      rates,
      "AUD",
    );
    expect(loss.monthly.net).toBe(-12.5);
    expect(loss.annual.net).toBe(-150);
  });
});
