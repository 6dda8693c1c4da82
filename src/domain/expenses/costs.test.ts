import { describe, expect, it } from "vitest";
import { directoryMonths, LICENSE_ANNUAL_FACTOR, yearlyFromMonthly } from "../money/factors";
import {
  annualisedCost,
  averageCostPerSeat,
  directoryFactor,
  directoryMonthlyCost,
  gsuiteMonthlyCost,
  licenseFactor,
  licenseMonthlyCost,
} from "./costs";

describe("license monthly cost by frequency", () => {
  it("applies ×1, ÷12, ÷3, ×4.33, ×30.44 and one-time over 12 months", () => {
    expect(licenseMonthlyCost(30, "monthly")).toBe(30);
    expect(licenseMonthlyCost(120, "annually")).toBe(10);
    expect(licenseMonthlyCost(90, "quarterly")).toBe(30);
    expect(licenseMonthlyCost(10, "weekly")).toBeCloseTo(43.3, 10);
    expect(licenseMonthlyCost(1, "daily")).toBeCloseTo(30.44, 10);
    expect(licenseMonthlyCost(240, "one-time")).toBe(20);
  });
  it("counts 0 for an unknown frequency or a missing amount", () => {
    expect(licenseMonthlyCost(100, "fortnightly")).toBe(0);
    expect(licenseMonthlyCost(100, null)).toBe(0);
    expect(licenseMonthlyCost(null, "monthly")).toBe(0);
    expect(licenseMonthlyCost("", "monthly")).toBe(0);
    expect(licenseMonthlyCost("12.50", "monthly")).toBe(12.5);
    expect(licenseFactor("toString")).toBe(0);
  });
});

describe("directory listing monthly cost", () => {
  it("divides by the months, 12 when one-time or missing", () => {
    expect(directoryMonthlyCost(120, 12, false)).toBe(10);
    expect(directoryMonthlyCost(30, 3, false)).toBe(10);
    expect(directoryMonthlyCost(60, 6, false)).toBe(10);
    expect(directoryMonthlyCost(25, 1, false)).toBe(25);
    expect(directoryMonthlyCost(60, 6, true)).toBe(5);
    expect(directoryMonthlyCost(120, null, false)).toBe(10);
    expect(directoryMonthlyCost(120, 0, false)).toBe(10);
    expect(directoryMonths(3, true)).toBe(12);
    expect(directoryFactor(3, false)).toBeCloseTo(1 / 3, 12);
  });
});

describe("G Suite, yearly and annualisation", () => {
  it("G Suite is price × users a month, ×12 a year", () => {
    expect(gsuiteMonthlyCost(8.4, 3)).toBeCloseTo(25.2, 10);
    expect(yearlyFromMonthly(gsuiteMonthlyCost(6, 10))).toBe(720);
    expect(gsuiteMonthlyCost(null, 3)).toBe(0);
  });
  it("annualises daily ×365, weekly ×52, monthly ×12, quarterly ×4, annually ×1", () => {
    expect(LICENSE_ANNUAL_FACTOR).toEqual({
      daily: 365,
      weekly: 52,
      monthly: 12,
      quarterly: 4,
      annually: 1,
    });
    expect(annualisedCost(1, "daily")).toBe(365);
    expect(annualisedCost(10, "weekly")).toBe(520);
    expect(annualisedCost(30, "monthly")).toBe(360);
    expect(annualisedCost(100, "quarterly")).toBe(400);
    expect(annualisedCost(120, "annually")).toBe(120);
    expect(annualisedCost(240, "one-time")).toBeNull();
  });
  it("averages the licenses' monthly total over their seats, to cents", () => {
    expect(averageCostPerSeat(256.73, 25)).toBe(10.27);
    expect(averageCostPerSeat(100, 3)).toBe(33.33);
    expect(averageCostPerSeat(2, 3)).toBe(0.67);
    expect(averageCostPerSeat(100, 0)).toBe(0);
  });
});
