import { describe, expect, it } from "vitest";
import {
  hardwareStatusTypeLabel,
  officeAccountsMonthlyExpense,
  sharePercent,
} from "./dashboard-figures";
import { DEFAULT_CURRENCY_RATES } from "./money/rates";

describe("hardwareStatusTypeLabel", () => {
  it("labels the accessory type Accessories and the others as everywhere else", () => {
    expect(hardwareStatusTypeLabel("peripheral")).toBe("Accessories");
    expect(hardwareStatusTypeLabel("laptop")).toBe("Laptop");
    expect(hardwareStatusTypeLabel("docking-station")).toBe("Docking Station");
  });
});

describe("sharePercent", () => {
  it("rounds to a whole percentage and is 0 for an empty whole", () => {
    expect(sharePercent(1, 3)).toBe(33);
    expect(sharePercent(2, 3)).toBe(67);
    expect(sharePercent(5, 5)).toBe(100);
    expect(sharePercent(0, 5)).toBe(0);
    expect(sharePercent(0, 0)).toBe(0);
    expect(sharePercent(3, 0)).toBe(0);
  });
});

describe("officeAccountsMonthlyExpense", () => {
  it("converts each currency's sum at the rates and adds the cents", () => {
    // AUD: 22.50 + 10 × 1.5 + 5 × 1.64 + 7 × 1.88 = 22.50 + 15.00 + 8.20 + 13.16 = 58.86.
    // USD: 22.50 × 0.67 = 15.075 → 15.08; + 10 + 5.45 + 8.75 = 39.28.
    expect(
      officeAccountsMonthlyExpense(
        [
          { currency: "AUD", amount: 22.5 },
          { currency: "USD", amount: 10 },
          { currency: "EUR", amount: 5 },
          { currency: "GBP", amount: 7 },
        ],
        DEFAULT_CURRENCY_RATES,
      ),
    ).toEqual({ AUD: 58.86, USD: 39.28 });
  });

  it("is zero with nothing to sum and does not drift over many small amounts", () => {
    expect(officeAccountsMonthlyExpense([], DEFAULT_CURRENCY_RATES)).toEqual({ AUD: 0, USD: 0 });
    const many = Array.from({ length: 4 }, () => ({ currency: "AUD" as const, amount: 0.1 }));
    // 0.1 + 0.1 + 0.1 + 0.1 in floats is 0.4000000000000001; in cents it is 40.
    expect(officeAccountsMonthlyExpense(many, DEFAULT_CURRENCY_RATES).AUD).toBe(0.4);
  });
});
