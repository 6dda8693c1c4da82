import { describe, expect, it } from "vitest";
import { formatCalendarDate, titleCase } from "./license-display";

describe("titleCase", () => {
  it("capitalises every word, across hyphens", () => {
    expect(titleCase("multi-user")).toBe("Multi-User");
    expect(titleCase("single-user")).toBe("Single-User");
    expect(titleCase("enterprise")).toBe("Enterprise");
    expect(titleCase("one-time")).toBe("One-Time");
    expect(titleCase("")).toBe("");
  });
});

describe("formatCalendarDate", () => {
  it("shows a calendar date as it is, whatever the time zone", () => {
    expect(formatCalendarDate("2026-03-05")).toBe("Mar 5, 2026");
    expect(formatCalendarDate("2024-12-31")).toBe("Dec 31, 2024");
    expect(formatCalendarDate("2025-01-01")).toBe("Jan 1, 2025");
  });

  it("shows a dash for no date and 'Invalid Date' for a malformed one", () => {
    expect(formatCalendarDate(null)).toBe("—");
    expect(formatCalendarDate("")).toBe("—");
    expect(formatCalendarDate("2025-02-30")).toBe("Invalid Date");
  });
});
