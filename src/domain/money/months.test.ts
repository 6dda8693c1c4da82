import { describe, expect, it } from "vitest";
import { isIsoMonth, monthBounds, monthOf, shiftMonth } from "./months";

describe("months", () => {
  it("knows month ends and leap years", () => {
    expect(monthBounds("2026-02")).toEqual({ first: "2026-02-01", last: "2026-02-28" });
    expect(monthBounds("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(monthBounds("2026-12")).toEqual({ first: "2026-12-01", last: "2026-12-31" });
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(monthOf("2026-03-15")).toBe("2026-03");
    expect(isIsoMonth("2026-13")).toBe(false);
    expect(isIsoMonth("2026-03")).toBe(true);
  });
});
