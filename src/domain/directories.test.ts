import { describe, expect, it } from "vitest";
import {
  directoryFrequencyLabel,
  directoryStatus,
  isDirectoryOverdue,
  matchesDirectoryFilter,
  nextPaymentAfterPayment,
} from "./directories";

const recurring = { isCancelled: false, isOneTime: false };
const oneTime = { isCancelled: false, isOneTime: true };
const cancelled = { isCancelled: true, isOneTime: false };
const cancelledOneTime = { isCancelled: true, isOneTime: true };

describe("directoryStatus", () => {
  it("is cancelled first, then one-off, else active", () => {
    expect(directoryStatus(recurring)).toBe("active");
    expect(directoryStatus(oneTime)).toBe("one-off");
    expect(directoryStatus(cancelled)).toBe("cancelled");
    expect(directoryStatus(cancelledOneTime)).toBe("cancelled");
  });
});

describe("matchesDirectoryFilter", () => {
  it("follows the spec's filter rules", () => {
    const rows = [recurring, oneTime, cancelled, cancelledOneTime];
    const matching = (filter: Parameters<typeof matchesDirectoryFilter>[1]) =>
      rows.filter((row) => matchesDirectoryFilter(row, filter));
    expect(matching("all")).toEqual(rows);
    expect(matching("active")).toEqual([recurring]);
    expect(matching("one-off")).toEqual([oneTime]);
    expect(matching("cancelled")).toEqual([cancelled, cancelledOneTime]);
  });
});

describe("directoryFrequencyLabel", () => {
  it("names the four frequencies", () => {
    expect([1, 3, 6, 12].map(directoryFrequencyLabel)).toEqual([
      "Monthly",
      "Quarterly",
      "Bi-annually",
      "Annually",
    ]);
    expect(directoryFrequencyLabel(2)).toBe("Every 2 months");
  });
});

describe("isDirectoryOverdue", () => {
  const today = "2026-03-10";
  it("is overdue only when the next date is before today and the listing still bills", () => {
    expect(isDirectoryOverdue({ ...recurring, nextPaymentDate: "2026-03-09" }, today)).toBe(true);
    expect(isDirectoryOverdue({ ...recurring, nextPaymentDate: "2026-03-10" }, today)).toBe(false);
    expect(isDirectoryOverdue({ ...recurring, nextPaymentDate: null }, today)).toBe(false);
    expect(isDirectoryOverdue({ ...oneTime, nextPaymentDate: "2026-01-01" }, today)).toBe(true);
    expect(isDirectoryOverdue({ ...cancelled, nextPaymentDate: "2026-01-01" }, today)).toBe(false);
  });
});

describe("nextPaymentAfterPayment", () => {
  it("moves the due date forward by the frequency, even when paid late or early", () => {
    const monthly = { ...recurring, paymentFrequencyMonths: 1, nextPaymentDate: "2026-01-31" };
    expect(nextPaymentAfterPayment(monthly, "2026-02-05")).toBe("2026-02-28");
    const quarterly = { ...recurring, paymentFrequencyMonths: 3, nextPaymentDate: "2026-03-15" };
    expect(nextPaymentAfterPayment(quarterly, "2026-03-01")).toBe("2026-06-15");
    const yearly = { ...recurring, paymentFrequencyMonths: 12, nextPaymentDate: "2024-02-29" };
    expect(nextPaymentAfterPayment(yearly, "2024-02-29")).toBe("2025-02-28");
  });

  it("counts from the payment when nothing was due, and ends a one-time listing", () => {
    const undated = { ...recurring, paymentFrequencyMonths: 6, nextPaymentDate: null };
    expect(nextPaymentAfterPayment(undated, "2026-04-01")).toBe("2026-10-01");
    const once = { ...oneTime, paymentFrequencyMonths: 12, nextPaymentDate: "2026-04-01" };
    expect(nextPaymentAfterPayment(once, "2026-04-01")).toBeNull();
  });
});
