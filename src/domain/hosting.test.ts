import { describe, expect, it } from "vitest";
import {
  daysInMonth,
  daysPassed,
  formatCents,
  isBillingMonth,
  monthLabel,
  monthOf,
  parseCents,
  percentChange,
  previousMonth,
  shiftMonth,
  summarizeHosting,
} from "./hosting";

describe("billing months", () => {
  it("knows a month and moves across year ends", () => {
    expect(monthOf("2026-11-24")).toBe("2026-11");
    expect(previousMonth("2026-01")).toBe("2025-12");
    expect(shiftMonth("2025-12", 1)).toBe("2026-01");
    expect(shiftMonth("2025-03", -15)).toBe("2023-12");
    expect(isBillingMonth("2026-13")).toBe(false);
    expect(isBillingMonth("2026-00")).toBe(false);
    expect(isBillingMonth("2026-1")).toBe(false);
    expect(isBillingMonth("2026-01")).toBe(true);
    expect(() => monthOf("2026-02-30")).toThrow(RangeError);
    expect(monthLabel("2024-02")).toBe("February 2024");
  });

  it("counts days in a month, February in leap years included", () => {
    expect(daysInMonth("2024-02")).toBe(29);
    expect(daysInMonth("2025-02")).toBe(28);
    expect(daysInMonth("2000-02")).toBe(29);
    expect(daysInMonth("2100-02")).toBe(28);
    expect(daysInMonth("2026-04")).toBe(30);
    expect(daysInMonth("2026-12")).toBe(31);
  });

  it("counts today as a day passed: 1 on the first, all of them on the last", () => {
    expect(daysPassed("2026-11-01")).toBe(1);
    expect(daysPassed("2026-11-24")).toBe(24);
    expect(daysPassed("2024-02-29")).toBe(29);
    expect(daysPassed("2026-12-31")).toBe(31);
  });
});

describe("exact cents", () => {
  it("parses DigitalOcean's decimal strings without floats", () => {
    expect(parseCents("12.34")).toBe(1234n);
    expect(parseCents("0.1")).toBe(10n);
    expect(parseCents("7")).toBe(700n);
    expect(parseCents("-3.50")).toBe(-350n);
    expect(parseCents("1.005")).toBe(101n);
    expect(parseCents("1.0049")).toBe(100n);
    expect(parseCents("99999999999.99")).toBe(9999999999999n);
    expect(parseCents("12,34")).toBeNull();
    expect(parseCents("")).toBeNull();
    expect(parseCents("1e3")).toBeNull();
  });

  it("formats cents with two places", () => {
    expect(formatCents(1234n)).toBe("12.34");
    expect(formatCents(5n)).toBe("0.05");
    expect(formatCents(-5n)).toBe("-0.05");
    expect(formatCents(0n)).toBe("0.00");
    // 0.1 + 0.2 in cents is exactly 0.30.
    expect(formatCents(parseCents("0.1")! + parseCents("0.2")!)).toBe("0.30");
  });
});

describe("percentChange", () => {
  it("gives the magnitude with one decimal and the direction", () => {
    expect(percentChange(11000n, 10000n)).toEqual({ formatted: "10.0%", is_increase: true });
    expect(percentChange(9000n, 10000n)).toEqual({ formatted: "10.0%", is_increase: false });
    expect(percentChange(10000n, 10000n)).toEqual({ formatted: "0.0%", is_increase: false });
    expect(percentChange(10005n, 30000n)).toEqual({ formatted: "66.7%", is_increase: false });
    expect(percentChange(20001n, 30000n)).toEqual({ formatted: "33.3%", is_increase: false });
  });

  it("has no percentage without a previous month", () => {
    expect(percentChange(500n, 0n)).toEqual({ formatted: "N/A", is_increase: true });
    expect(percentChange(0n, 0n)).toEqual({ formatted: "N/A", is_increase: false });
  });
});

describe("summarizeHosting", () => {
  const totals = { previousTotal: "300.00", allTimeTotal: "1000.00" };

  it("projects the month-to-date total over the whole month", () => {
    const summary = summarizeHosting({ today: "2026-11-10", currentTotal: "100.00", ...totals });
    expect(summary).toEqual({
      current_month: {
        month: "2026-11",
        total: "100.00",
        predicted: "300.00",
        days_passed: 10,
        days_in_month: 30,
      },
      previous_month: { month: "2026-10", total: "300.00" },
      all_time_total: "1000.00",
      percent_change: { formatted: "0.0%", is_increase: false },
    });
  });

  it("on the first of a month, projects one day over the month and compares with last month", () => {
    const summary = summarizeHosting({ today: "2027-01-01", currentTotal: "3.33", ...totals });
    expect(summary.current_month).toMatchObject({
      month: "2027-01",
      days_passed: 1,
      days_in_month: 31,
      predicted: "103.23",
    });
    expect(summary.previous_month.month).toBe("2026-12");
    expect(summary.percent_change).toEqual({ formatted: "65.6%", is_increase: false });
  });

  it("uses 29 days for February in a leap year", () => {
    const leap = summarizeHosting({ today: "2028-02-15", currentTotal: "150.00", ...totals });
    expect(leap.current_month).toMatchObject({ days_in_month: 29, predicted: "290.00" });
    const common = summarizeHosting({ today: "2027-02-14", currentTotal: "140.00", ...totals });
    expect(common.current_month).toMatchObject({ days_in_month: 28, predicted: "280.00" });
  });

  it("rounds the projection to the cent, half away from zero", () => {
    // 0.01 / 3 × 30 = 0.1; 0.10 / 7 × 31 = 0.442857 → 0.44; 0.05 / 2 × 31 = 0.775 → 0.78.
    expect(
      summarizeHosting({ today: "2026-11-03", currentTotal: "0.01", ...totals }).current_month
        .predicted,
    ).toBe("0.10");
    expect(
      summarizeHosting({ today: "2026-12-07", currentTotal: "0.10", ...totals }).current_month
        .predicted,
    ).toBe("0.44");
    expect(
      summarizeHosting({ today: "2026-12-02", currentTotal: "0.05", ...totals }).current_month
        .predicted,
    ).toBe("0.78");
  });

  it("is all zeros with no data", () => {
    const summary = summarizeHosting({
      today: "2026-11-24",
      currentTotal: "0",
      previousTotal: "0",
      allTimeTotal: "0",
    });
    expect(summary.current_month.predicted).toBe("0.00");
    expect(summary.all_time_total).toBe("0.00");
    expect(summary.percent_change).toEqual({ formatted: "N/A", is_increase: false });
  });
});
