import { describe, expect, it } from "vitest";
import { monthGrid, moveDay, weekday } from "./calendar";

describe("the month grid", () => {
  it("builds whole weeks from Sunday", () => {
    expect(weekday("2026-03-01")).toBe(0);
    expect(weekday("2026-02-28")).toBe(6);
    const march = monthGrid("2026-03");
    expect(march).toHaveLength(5);
    expect(march[0]?.[0]).toBe("2026-03-01");
    expect(march[4]?.[6]).toBe("2026-04-04");
    // February 2026 starts on a Sunday and ends on a Saturday: exactly 4 weeks
    expect(monthGrid("2026-02")).toHaveLength(4);
    const may = monthGrid("2026-05");
    expect(may[0]?.[0]).toBe("2026-04-26");
    expect(may).toHaveLength(6);
  });
  it("gives the same grid in any time zone", () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = "Pacific/Kiritimati";
      const east = monthGrid("2026-10");
      process.env.TZ = "America/Los_Angeles";
      expect(monthGrid("2026-10")).toEqual(east);
    } finally {
      process.env.TZ = before;
    }
  });
});

describe("keyboard moves", () => {
  it("moves by day, week, week edge and month", () => {
    expect(moveDay("2026-03-31", "ArrowRight")).toBe("2026-04-01");
    expect(moveDay("2026-03-01", "ArrowLeft")).toBe("2026-02-28");
    expect(moveDay("2026-03-03", "ArrowUp")).toBe("2026-02-24");
    expect(moveDay("2026-03-30", "ArrowDown")).toBe("2026-04-06");
    expect(moveDay("2026-03-18", "Home")).toBe("2026-03-15");
    expect(moveDay("2026-03-18", "End")).toBe("2026-03-21");
    expect(moveDay("2026-03-31", "PageUp")).toBe("2026-02-28");
    expect(moveDay("2028-03-31", "PageUp")).toBe("2028-02-29");
    expect(moveDay("2026-01-31", "PageDown")).toBe("2026-02-28");
    expect(moveDay("2026-03-18", "Enter")).toBeNull();
  });
});
