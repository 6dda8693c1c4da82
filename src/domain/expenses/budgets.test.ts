import { describe, expect, it } from "vitest";
import { budgetLevelsReached, budgetsSchema, NO_BUDGETS } from "./budgets";

describe("budgetLevelsReached", () => {
  it("reaches 80% and 100% at exactly those shares, in whole cents", () => {
    expect(budgetLevelsReached(799.99, 1000)).toEqual([]);
    expect(budgetLevelsReached(800, 1000)).toEqual([80]);
    expect(budgetLevelsReached(999.99, 1000)).toEqual([80]);
    expect(budgetLevelsReached(1000, 1000)).toEqual([80, 100]);
    expect(budgetLevelsReached(2500, 1000)).toEqual([80, 100]);
    // 0.1 + 0.7 is 0.7999999999999999 as a float: compared as cents it is 80 of 100.
    expect(budgetLevelsReached(0.1 + 0.7, 1)).toEqual([80]);
  });

  it("reaches nothing without a budget", () => {
    expect(budgetLevelsReached(1_000_000, null)).toEqual([]);
  });
});

describe("budgetsSchema", () => {
  it("reads blank amounts as no budget and amounts with cents as they are", () => {
    expect(
      budgetsSchema.parse({
        currency: "USD",
        total: "1200.50",
        bySource: { licenses: 800, directories: "", gsuite: null, hosting: "99.99" },
      }),
    ).toEqual({
      currency: "USD",
      total: 1200.5,
      bySource: { licenses: 800, directories: null, gsuite: null, hosting: 99.99 },
    });
    expect(budgetsSchema.parse(NO_BUDGETS)).toEqual(NO_BUDGETS);
  });

  it.each([0, -5, "1.001", "1e3", "lots"])("refuses the amount %s", (total) => {
    const parsed = budgetsSchema.safeParse({ ...NO_BUDGETS, total });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      "A budget must be an amount greater than 0, or empty for none",
    );
  });

  it("refuses a currency it cannot show and a source it does not know", () => {
    expect(budgetsSchema.safeParse({ ...NO_BUDGETS, currency: "EUR" }).success).toBe(false);
    expect(
      budgetsSchema.safeParse({ ...NO_BUDGETS, bySource: { ...NO_BUDGETS.bySource, cloud: 1 } })
        .success,
    ).toBe(false);
  });
});
