import { describe, expect, it } from "vitest";
import { addDays, addMonths, addYears, daysBetween } from "./dates";
import { defaultRenewalExpiry, nextOccurrence } from "./recurrence";

describe("nextOccurrence", () => {
  const today = "2025-06-15";

  it("returns nothing for missing input and non-recurring frequencies", () => {
    expect(nextOccurrence(null, "monthly", today)).toBeNull();
    expect(nextOccurrence(undefined, "monthly", today)).toBeNull();
    expect(nextOccurrence("", "monthly", today)).toBeNull();
    expect(nextOccurrence("2025-01-01", null, today)).toBeNull();
    expect(nextOccurrence("2025-01-01", "", today)).toBeNull();
    expect(nextOccurrence("2025-01-01", "one-time", today)).toBeNull();
    expect(nextOccurrence("2025-01-01", "fortnightly", today)).toBeNull();
    expect(nextOccurrence("2025-01-01", "constructor", today)).toBeNull();
  });

  it("returns a start date that is today or later as it is", () => {
    expect(nextOccurrence(today, "monthly", today)).toBe(today);
    expect(nextOccurrence("2025-09-01", "annually", today)).toBe("2025-09-01");
    expect(nextOccurrence("2030-01-01", "one-time", today)).toBeNull();
  });

  it("steps by one period until today or later", () => {
    expect(nextOccurrence("2025-01-01", "daily", today)).toBe(today);
    expect(nextOccurrence("2025-06-01", "weekly", today)).toBe("2025-06-15");
    expect(nextOccurrence("2025-06-01", "weekly", "2025-06-16")).toBe("2025-06-22");
    expect(nextOccurrence("2025-05-15", "monthly", today)).toBe("2025-06-15");
    expect(nextOccurrence("2025-05-16", "monthly", today)).toBe("2025-06-16");
    expect(nextOccurrence("2025-05-14", "monthly", today)).toBe("2025-07-14");
    expect(nextOccurrence("2025-01-10", "quarterly", today)).toBe("2025-07-10");
    expect(nextOccurrence("2020-06-15", "annually", today)).toBe("2025-06-15");
    expect(nextOccurrence("2020-06-14", "annually", today)).toBe("2026-06-14");
  });

  it("counts months from the start, so the 31st returns after a short month", () => {
    expect(nextOccurrence("2025-01-31", "monthly", "2025-02-15")).toBe("2025-02-28");
    expect(nextOccurrence("2025-01-31", "monthly", "2025-03-01")).toBe("2025-03-31");
    expect(nextOccurrence("2025-01-31", "monthly", "2025-04-05")).toBe("2025-04-30");
    expect(nextOccurrence("2024-11-30", "quarterly", "2025-01-10")).toBe("2025-02-28");
    expect(nextOccurrence("2020-02-29", "annually", "2021-01-01")).toBe("2021-02-28");
    expect(nextOccurrence("2020-02-29", "annually", "2023-03-01")).toBe("2024-02-29");
  });

  it("agrees with walking one period at a time, over long spans", () => {
    const stepper: Record<string, (start: string, n: number) => string> = {
      daily: (start, n) => addDays(start, n),
      weekly: (start, n) => addDays(start, 7 * n),
      monthly: (start, n) => addMonths(start, n),
      quarterly: (start, n) => addMonths(start, 3 * n),
      annually: (start, n) => addYears(start, n),
    };
    const starts = ["1990-01-31", "2000-02-29", "2019-08-31", "2024-12-31", "2025-06-14"];
    const todays = ["2025-06-15", "2025-02-28", "2025-03-01", "2028-02-29", "2031-12-31"];
    for (const [frequency, step] of Object.entries(stepper)) {
      for (const start of starts) {
        for (const day of todays) {
          let n = 0;
          while (daysBetween(step(start, n), day) > 0) n++;
          expect(nextOccurrence(start, frequency, day), `${frequency} ${start} ${day}`).toBe(
            step(start, n),
          );
        }
      }
    }
  });
});

describe("defaultRenewalExpiry", () => {
  const today = "2025-06-15";

  it("adds one payment period to the previous expiry", () => {
    expect(defaultRenewalExpiry("2025-07-01", "monthly", today)).toBe("2025-08-01");
    expect(defaultRenewalExpiry("2025-01-31", "monthly", today)).toBe("2025-02-28");
    expect(defaultRenewalExpiry("2025-07-01", "quarterly", today)).toBe("2025-10-01");
    expect(defaultRenewalExpiry("2025-11-30", "quarterly", today)).toBe("2026-02-28");
    expect(defaultRenewalExpiry("2025-07-01", "annually", today)).toBe("2026-07-01");
    expect(defaultRenewalExpiry("2024-02-29", "annually", today)).toBe("2025-02-28");
  });

  it("adds a year for any other frequency", () => {
    for (const frequency of ["weekly", "daily", "one-time", null, undefined]) {
      expect(defaultRenewalExpiry("2025-07-01", frequency, today)).toBe("2026-07-01");
    }
  });

  it("counts from a past expiry too (the renewal continues the term)", () => {
    expect(defaultRenewalExpiry("2025-01-01", "annually", today)).toBe("2026-01-01");
  });

  it("gives a year from today without a previous expiry", () => {
    expect(defaultRenewalExpiry(null, "monthly", today)).toBe("2026-06-15");
    expect(defaultRenewalExpiry("", "quarterly", today)).toBe("2026-06-15");
    expect(defaultRenewalExpiry(undefined, "annually", "2024-02-29")).toBe("2025-02-28");
  });
});
