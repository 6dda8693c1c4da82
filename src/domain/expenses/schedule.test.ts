import { describe, expect, it } from "vitest";
import { nextOccurrence, nextOccurrenceIndex } from "../recurrence";
import {
  directoryPaymentDates,
  futurePaymentDates,
  renewalReminderDate,
  upcomingWindow,
} from "./schedule";

describe("license payments: the 12 from today", () => {
  it("monthly from 31 January keeps coming back to the month's end", () => {
    expect(futurePaymentDates("2026-01-31", "monthly", "2026-01-31").slice(0, 4)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
    ]);
    // a leap year's February
    expect(futurePaymentDates("2028-01-31", "monthly", "2028-02-01")[0]).toBe("2028-02-29");
  });
  it("gives exactly 12, starting at the next occurrence", () => {
    const dates = futurePaymentDates("2025-04-10", "annually", "2026-03-15");
    expect(dates).toHaveLength(12);
    expect(dates[0]).toBe("2026-04-10");
    expect(dates[11]).toBe("2037-04-10");
    const daily = futurePaymentDates("2026-03-14", "daily", "2026-03-15");
    expect(daily[0]).toBe("2026-03-15");
    expect(daily[11]).toBe("2026-03-26");
    expect(futurePaymentDates("2026-03-01", "weekly", "2026-03-15").slice(0, 2)).toEqual([
      "2026-03-15",
      "2026-03-22",
    ]);
    expect(futurePaymentDates("2025-12-01", "quarterly", "2026-03-15")[0]).toBe("2026-06-01");
  });
  it("29 February annually lands on 28 February, then 29 again in a leap year", () => {
    expect(futurePaymentDates("2024-02-29", "annually", "2025-01-01").slice(0, 4)).toEqual([
      "2025-02-28",
      "2026-02-28",
      "2027-02-28",
      "2028-02-29",
    ]);
  });
  it("starts at the purchase date when it is still ahead", () => {
    expect(futurePaymentDates("2026-05-05", "monthly", "2026-03-15")[0]).toBe("2026-05-05");
  });
  it("has none for one-time, unknown, or missing dates", () => {
    expect(futurePaymentDates("2026-01-01", "one-time", "2026-03-15")).toEqual([]);
    expect(futurePaymentDates("2026-01-01", "fortnightly", "2026-03-15")).toEqual([]);
    expect(futurePaymentDates(null, "monthly", "2026-03-15")).toEqual([]);
    expect(futurePaymentDates("2026-01-01", null, "2026-03-15")).toEqual([]);
  });
  it("agrees with nextOccurrence for the first one", () => {
    for (const frequency of ["daily", "weekly", "monthly", "quarterly", "annually"]) {
      for (const start of ["2023-01-31", "2024-02-29", "2025-12-31", "2026-03-15"]) {
        expect(futurePaymentDates(start, frequency, "2026-03-15")[0]).toBe(
          nextOccurrence(start, frequency, "2026-03-15"),
        );
      }
    }
    expect(nextOccurrenceIndex("2026-01-31", "monthly", "2026-03-15")).toBe(2);
    expect(nextOccurrenceIndex("2026-04-01", "monthly", "2026-03-15")).toBe(0);
    expect(nextOccurrenceIndex("2026-01-01", "one-time", "2026-03-15")).toBeNull();
  });
});

describe("directory listing payments", () => {
  const listing = {
    nextPaymentDate: "2026-01-31",
    paymentFrequencyMonths: 1,
    isOneTime: false,
    isCancelled: false,
  };
  it("the next payment and up to 3 more", () => {
    expect(directoryPaymentDates(listing)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
    ]);
    expect(directoryPaymentDates({ ...listing, paymentFrequencyMonths: 12 })).toEqual([
      "2026-01-31",
      "2027-01-31",
      "2028-01-31",
      "2029-01-31",
    ]);
  });
  it("only the next when one-time; none when cancelled or without a date", () => {
    expect(directoryPaymentDates({ ...listing, isOneTime: true })).toEqual(["2026-01-31"]);
    expect(directoryPaymentDates({ ...listing, isCancelled: true })).toEqual([]);
    expect(directoryPaymentDates({ ...listing, nextPaymentDate: null })).toEqual([]);
  });
});

describe("reminders and the upcoming window", () => {
  it("reminds 30 days before expiry, across months and leap days", () => {
    expect(renewalReminderDate("2026-03-31")).toBe("2026-03-01");
    expect(renewalReminderDate("2028-03-30")).toBe("2028-02-29");
    expect(renewalReminderDate("2026-01-15")).toBe("2025-12-16");
  });
  it("the upcoming 30 days run from today to today + 30", () => {
    expect(upcomingWindow("2026-03-15")).toEqual({ from: "2026-03-15", to: "2026-04-14" });
    expect(upcomingWindow("2026-12-20")).toEqual({ from: "2026-12-20", to: "2027-01-19" });
  });
});
