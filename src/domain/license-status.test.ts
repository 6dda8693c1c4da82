import { describe, expect, it } from "vitest";
import { addDays, todayIso } from "./dates";
import type { LicenseStatusFilter } from "./enums";
import { EXPIRING_SOON_DAYS, getLicenseStatus, matchesStatusFilter } from "./license-status";

const today = "2025-06-15";
const inDays = (days: number) => addDays(today, days);
const manual = (expiryDate: string | null) => ({ expiryDate, renewalStatus: "manual" });

describe("getLicenseStatus", () => {
  it("uses 30 days as the expiring-soon window", () => {
    expect(EXPIRING_SOON_DAYS).toBe(30);
  });

  it.each([
    [31, "active", "Active", "green"],
    [30, "expiring", "Expiring Soon", "yellow"],
    [1, "expiring", "Expiring Soon", "yellow"],
    [0, "expiring", "Expiring Soon", "yellow"],
    [-1, "expired", "Expired", "red"],
    [-400, "expired", "Expired", "red"],
    [3650, "active", "Active", "green"],
  ])("%i days left → %s", (days, key, label, tone) => {
    expect(getLicenseStatus(manual(inDays(days)), today)).toEqual({
      key,
      label,
      tone,
      daysLeft: days,
    });
  });

  it("treats cancelled like manual: the date decides", () => {
    const status = getLicenseStatus({ expiryDate: inDays(-1), renewalStatus: "cancelled" }, today);
    expect(status.key).toBe("expired");
  });

  it("shows auto-renewing licenses as such, whatever the date", () => {
    for (const expiry of [inDays(-10), inDays(5), inDays(100), null]) {
      const status = getLicenseStatus({ expiryDate: expiry, renewalStatus: "auto" }, today);
      expect(status.key).toBe("auto-renewing");
      expect(status.label).toBe("Auto-Renewing");
      expect(status.tone).toBe("blue");
    }
    expect(getLicenseStatus({ expiryDate: inDays(5), renewalStatus: "auto" }, today).daysLeft).toBe(
      5,
    );
  });

  it("shows a license without expiry date as Unknown", () => {
    for (const expiryDate of [null, undefined, ""]) {
      expect(getLicenseStatus({ expiryDate, renewalStatus: "manual" }, today)).toEqual({
        key: "unknown",
        label: "Unknown",
        tone: "gray",
        daysLeft: null,
      });
    }
  });

  it("follows the viewer's calendar day, not the server's", () => {
    // 12:30 UTC: 16 June in Auckland, 15 June in Los Angeles.
    const instant = new Date("2025-06-15T12:30:00Z");
    const auckland = todayIso("Pacific/Auckland", instant);
    const losAngeles = todayIso("America/Los_Angeles", instant);
    expect(auckland).not.toBe(losAngeles);

    // The edges relative to each zone's own today.
    for (const zoneToday of [auckland, losAngeles]) {
      const at = (days: number) => getLicenseStatus(manual(addDays(zoneToday, days)), zoneToday);
      expect(at(31).key).toBe("active");
      expect(at(30).key).toBe("expiring");
      expect(at(1).key).toBe("expiring");
      expect(at(0).key).toBe("expiring");
      expect(at(-1).key).toBe("expired");
    }

    // One stored date, two answers at the same instant.
    const expiresJune15 = manual("2025-06-15");
    expect(getLicenseStatus(expiresJune15, losAngeles)).toMatchObject({
      key: "expiring",
      daysLeft: 0,
    });
    expect(getLicenseStatus(expiresJune15, auckland)).toMatchObject({
      key: "expired",
      daysLeft: -1,
    });
    const expiresJuly16 = manual("2025-07-16");
    expect(getLicenseStatus(expiresJuly16, losAngeles)).toMatchObject({
      key: "active",
      daysLeft: 31,
    });
    expect(getLicenseStatus(expiresJuly16, auckland)).toMatchObject({
      key: "expiring",
      daysLeft: 30,
    });
  });
});

describe("matchesStatusFilter", () => {
  const filters: LicenseStatusFilter[] = ["all", "active", "expiring", "expired"];
  const matching = (license: { expiryDate: string | null; renewalStatus: string }) =>
    filters.filter((filter) => matchesStatusFilter(license, filter, today));

  it("files each date under exactly one status, plus all", () => {
    expect(matching(manual(inDays(31)))).toEqual(["all", "active"]);
    expect(matching(manual(inDays(30)))).toEqual(["all", "expiring"]);
    expect(matching(manual(inDays(1)))).toEqual(["all", "expiring"]);
    expect(matching(manual(inDays(0)))).toEqual(["all", "expiring"]);
    expect(matching(manual(inDays(-1)))).toEqual(["all", "expired"]);
  });

  it("counts auto-renewing licenses as active, even with a past date", () => {
    expect(matching({ expiryDate: inDays(-5), renewalStatus: "auto" })).toEqual(["all", "active"]);
    expect(matching({ expiryDate: inDays(5), renewalStatus: "auto" })).toEqual(["all", "active"]);
    expect(matching({ expiryDate: null, renewalStatus: "auto" })).toEqual(["all", "active"]);
  });

  it("counts a license without expiry date as expired", () => {
    expect(matching(manual(null))).toEqual(["all", "expired"]);
  });
});
