import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatCount,
  formatLicenseType,
  formatMoney,
  formatTimestamp,
  titleCase,
} from "./format";

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
    const months = Array.from({ length: 12 }, (_, i) =>
      formatCalendarDate(`2027-${String(i + 1).padStart(2, "0")}-09`),
    );
    expect(months).toEqual(
      "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ").map((m) => `${m} 9, 2027`),
    );
  });

  it("shows a dash for no date and 'Invalid Date' for a malformed one", () => {
    expect(formatCalendarDate(null)).toBe("—");
    expect(formatCalendarDate("")).toBe("—");
    expect(formatCalendarDate("2025-02-30")).toBe("Invalid Date");
  });
});

describe("formatLicenseType and formatMoney", () => {
  it("title-case types and format money in its currency", () => {
    expect(formatLicenseType("multi-user")).toBe("Multi-User");
    expect(formatMoney(1234.5, "USD")).toBe("$1,234.50");
    // Served from the cache the second time, with the same result.
    expect(formatMoney(10, "AUD")).toBe("A$10.00");
    expect(formatMoney(10, "AUD")).toBe("A$10.00");
    expect(formatCount(2000)).toBe("2,000");
  });
});

describe("formatTimestamp", () => {
  it("formats an instant in local time as 'MMM d, yyyy at h:mm:ss a'", () => {
    // Built from local components so the expectation holds in any time zone.
    const afternoon = new Date(2025, 0, 5, 14, 3, 9).toISOString();
    expect(formatTimestamp(afternoon)).toBe("Jan 5, 2025 at 2:03:09 PM");
    const morning = new Date(2024, 11, 31, 0, 0, 0).toISOString();
    expect(formatTimestamp(morning)).toBe("Dec 31, 2024 at 12:00:00 AM");
    const noon = new Date(2026, 6, 15, 12, 30, 0).toISOString();
    expect(formatTimestamp(noon)).toBe("Jul 15, 2026 at 12:30:00 PM");
    const evening = new Date(2026, 8, 1, 23, 59, 59).toISOString();
    expect(formatTimestamp(evening)).toBe("Sep 1, 2026 at 11:59:59 PM");
  });

  it("shows 'Invalid Date' for a value that is not a date", () => {
    expect(formatTimestamp("yesterday")).toBe("Invalid Date");
    expect(formatTimestamp("2025-13-45T99:00:00Z")).toBe("Invalid Date");
  });

  it("shows 'Unknown' for a missing value", () => {
    expect(formatTimestamp(null)).toBe("Unknown");
    expect(formatTimestamp(undefined)).toBe("Unknown");
    expect(formatTimestamp("")).toBe("Unknown");
  });
});
