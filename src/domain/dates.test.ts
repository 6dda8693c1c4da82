import { afterEach, describe, expect, it } from "vitest";
import { addDays, addMonths, addYears, daysBetween, isIsoDate, todayIso } from "./dates";

// 12:30 UTC on 15 June 2025: already 16 June in Auckland (UTC+12), still 15 June in Los Angeles.
const instant = new Date("2025-06-15T12:30:00Z");

describe("isIsoDate", () => {
  it("accepts real calendar dates only", () => {
    expect(isIsoDate("2025-06-15")).toBe(true);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("0099-12-31")).toBe(true);
    expect(isIsoDate("0000-02-29")).toBe(true);
    expect(isIsoDate("0001-02-29")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isIsoDate("2025-00-10")).toBe(false);
    expect(isIsoDate("2025-6-15")).toBe(false);
    expect(isIsoDate("2025-06-15T00:00:00Z")).toBe(false);
    expect(isIsoDate("")).toBe(false);
    expect(isIsoDate(null)).toBe(false);
    expect(isIsoDate(20250615)).toBe(false);
  });
});

describe("todayIso", () => {
  it("gives the calendar date in the requested zone", () => {
    expect(todayIso("Pacific/Auckland", instant)).toBe("2025-06-16");
    expect(todayIso("America/Los_Angeles", instant)).toBe("2025-06-15");
    expect(todayIso("UTC", instant)).toBe("2025-06-15");
    expect(todayIso("UTC", new Date("2025-01-01T00:00:00Z"))).toBe("2025-01-01");
    expect(todayIso("America/Los_Angeles", new Date("2025-01-01T00:00:00Z"))).toBe("2024-12-31");
  });

  it("rejects an unknown zone", () => {
    expect(() => todayIso("Mars/Olympus_Mons", instant)).toThrow(RangeError);
  });
});

describe("daysBetween", () => {
  it("counts whole calendar days, negative backwards", () => {
    expect(daysBetween("2025-06-15", "2025-06-15")).toBe(0);
    expect(daysBetween("2025-06-15", "2025-06-16")).toBe(1);
    expect(daysBetween("2025-06-16", "2025-06-15")).toBe(-1);
    expect(daysBetween("2024-12-31", "2025-01-01")).toBe(1);
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysBetween("2025-02-28", "2025-03-01")).toBe(1);
    expect(daysBetween("2025-01-01", "2026-01-01")).toBe(365);
  });

  it("throws on something that is not a calendar date", () => {
    expect(() => daysBetween("2025-02-30", "2025-03-01")).toThrow(RangeError);
  });
});

describe("addDays / addMonths / addYears", () => {
  it("adds days across month and year ends", () => {
    expect(addDays("2025-06-30", 1)).toBe("2025-07-01");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });

  it("clamps to the end of a shorter month", () => {
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2025-03-31", -1)).toBe("2025-02-28");
    expect(addMonths("2025-08-31", 3)).toBe("2025-11-30");
    expect(addMonths("2025-11-15", 3)).toBe("2026-02-15");
    expect(addYears("2024-02-29", 1)).toBe("2025-02-28");
    expect(addYears("2024-02-29", 4)).toBe("2028-02-29");
    expect(addYears("2025-06-15", -1)).toBe("2024-06-15");
  });

  it("keeps years below 100 literal", () => {
    expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
  });
});

describe("independence from the runtime time zone", () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  // Includes zones at both ends of the offset range and zones whose DST starts at midnight.
  const zones = [
    "UTC",
    "Pacific/Auckland",
    "America/Los_Angeles",
    "Pacific/Kiritimati",
    "Pacific/Pago_Pago",
    "America/Santiago",
    "Asia/Beirut",
    "Europe/London",
  ];

  it.each(zones)("gives the same answers with TZ=%s", (zone) => {
    process.env.TZ = zone;
    // DST changes: US 2025-03-09, Europe 2025-03-30, New Zealand 2025-04-06, Chile 2025-04-06.
    expect(daysBetween("2025-03-08", "2025-03-10")).toBe(2);
    expect(daysBetween("2025-03-29", "2025-03-31")).toBe(2);
    expect(daysBetween("2025-04-05", "2025-04-07")).toBe(2);
    expect(daysBetween("2025-09-06", "2025-09-08")).toBe(2);
    expect(addDays("2025-03-09", 1)).toBe("2025-03-10");
    expect(addDays("2025-09-07", 1)).toBe("2025-09-08");
    expect(addDays("2025-03-30", 1)).toBe("2025-03-31");
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonths("2025-03-09", 1)).toBe("2025-04-09");
    expect(addYears("2024-02-29", 1)).toBe("2025-02-28");
    expect(todayIso("Pacific/Auckland", instant)).toBe("2025-06-16");
    expect(todayIso("America/Los_Angeles", instant)).toBe("2025-06-15");
    // Without a zone: the runtime's as it is now, not the one of an earlier call.
    expect(todayIso(undefined, instant)).toBe(todayIso(zone, instant));
  });
});
