// The cent bounds of the directory list's amount merge: exact where numbers would round.
import { describe, expect, it } from "vitest";
import { centBound, centsText } from "./cent-bounds";

describe("centBound", () => {
  it("finds the amount that converts to the value itself, on either side", () => {
    // 1.00 × 0.67 = 0.67, the value PostgreSQL writes as 0.6700.
    expect(centBound("0.6700", "0.67", "below")).toEqual({ cents: 100n, exact: true });
    expect(centBound("0.6700", "0.67", "above")).toEqual({ cents: 100n, exact: true });
    expect(centBound("2.50", "1.25", "below")).toEqual({ cents: 200n, exact: true });
  });

  it("gives the nearest amount on the side asked for when none converts to the value", () => {
    // 2.00 / 1.09 = 1.8348…: 1.83 × 1.09 = 1.9947 below, 1.84 × 1.09 = 2.0056 above.
    expect(centBound("2.00", "1.09", "below")).toEqual({ cents: 183n, exact: false });
    expect(centBound("2.00", "1.09", "above")).toEqual({ cents: 184n, exact: false });
  });

  it("is exact where a number would round: a one-cent step of a long rate", () => {
    // 0.1 + 0.2 is not 0.3 in numbers; 3.3333333333333335 × 0.03 = 0.100000000000000005 exactly.
    const rate = String(1 / 0.3);
    expect(rate).toBe("3.3333333333333335");
    expect(centBound("0.100000000000000005", rate, "below")).toEqual({ cents: 3n, exact: true });
    expect(centBound("0.1", rate, "below")).toEqual({ cents: 2n, exact: false });
    expect(centBound("0.1", rate, "above")).toEqual({ cents: 3n, exact: false });
  });

  it("reads a rate in exponent notation and negative values", () => {
    expect(centBound("0.0000001", "1e-7", "below")).toEqual({ cents: 100n, exact: true });
    expect(centBound("-1.005", "1", "below")).toEqual({ cents: -101n, exact: false });
    expect(centBound("-1.005", "1", "above")).toEqual({ cents: -100n, exact: false });
  });

  it("refuses a rate that is not positive", () => {
    expect(() => centBound("1", "0", "below")).toThrow(/positive/);
  });
});

describe("centsText", () => {
  it("writes cents as numeric text", () => {
    expect(centsText(0n)).toBe("0.00");
    expect(centsText(5n)).toBe("0.05");
    expect(centsText(12345n)).toBe("123.45");
    expect(centsText(-105n)).toBe("-1.05");
  });
});
