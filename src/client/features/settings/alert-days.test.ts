import { describe, expect, it } from "vitest";
import { REMINDER_KINDS } from "@/domain/reminders";
import { daysText, licenseAlertText } from "./alert-days";

const offsets = (expiry: number[], renewal: number[]) =>
  REMINDER_KINDS.map((kind) => ({
    kind,
    days: kind === "license_expiry" ? expiry : kind === "license_renewal" ? renewal : [30],
  }));

describe("daysText", () => {
  it("lists the days as a sentence says them", () => {
    expect(daysText([30, 15, 7])).toBe("30, 15 and 7 days");
    expect(daysText([60, 7])).toBe("60 and 7 days");
    expect(daysText([1])).toBe("1 day");
    expect(daysText([0])).toBe("0 days");
  });
});

describe("licenseAlertText", () => {
  it("says the days configured, not always 30, 15 and 7", () => {
    expect(licenseAlertText(offsets([30, 15, 7], [30, 15, 7]))).toBe(
      "Alerts 30, 15 and 7 days before a licence expires or renews (an administrator may change the days).",
    );
    expect(licenseAlertText(offsets([45, 10], [45, 10]))).toBe(
      "Alerts 45 and 10 days before a licence expires or renews (an administrator may change the days).",
    );
  });

  it("names each when expiry and renewal differ, and says when there are none", () => {
    expect(licenseAlertText(offsets([14], [60, 30]))).toBe(
      "Alerts 14 days before a licence expires and 60 and 30 days before it renews (an administrator may change the days).",
    );
    expect(licenseAlertText(offsets([], [7]))).toBe(
      "Alerts 7 days before a licence renews (an administrator may change the days).",
    );
    expect(licenseAlertText(offsets([], []))).toBe(
      "No alerts are sent before a licence expires or renews (an administrator may change the days).",
    );
  });

  it("leaves the days out until they have arrived", () => {
    expect(licenseAlertText(undefined)).toBe(
      "Alerts before a licence expires or renews (an administrator may change the days).",
    );
  });
});
