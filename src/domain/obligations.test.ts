import { describe, expect, it } from "vitest";
import { EVENT_KINDS, EVENT_SOURCES } from "./expenses/schedule";
import {
  hostingMonthEnds,
  OBLIGATION_KINDS,
  obligationKey,
  obligationKindOfEvent,
  obligationPath,
  obligationRangeSchema,
} from "./obligations";

describe("obligationKindOfEvent", () => {
  it("maps each calendar event that is a commitment to one kind, and a license payment to none", () => {
    const mapped = EVENT_SOURCES.flatMap((source) =>
      EVENT_KINDS.map((kind) => [source, kind, obligationKindOfEvent(source, kind)]),
    ).filter(([, , obligation]) => obligation !== null);
    expect(mapped).toEqual([
      ["license", "expiry", "license_expiry"],
      ["license", "renewal", "license_renewal"],
      ["directory", "payment", "directory_payment"],
      ["gsuite", "payment", "gsuite_renewal"],
      ["account", "renewal", "office_account_renewal"],
      ["hardware", "expiry", "hardware_warranty"],
    ]);
  });
});

describe("obligationKey", () => {
  it("is the kind, the item and the date; by name where there is no row", () => {
    expect(obligationKey("license_expiry", { itemId: 12, name: "Figma" }, "2026-12-01")).toBe(
      "license_expiry:12:2026-12-01",
    );
    expect(
      obligationKey(
        "gsuite_renewal",
        { itemId: null, name: "Business: Plus", currency: "AUD" },
        "2026-12-01",
      ),
    ).toBe("gsuite_renewal:Business%3A%20Plus:AUD:2026-12-01");
    expect(obligationKey("hosting_month_end", { itemId: null, name: "x" }, "2026-11-30")).toBe(
      "hosting_month_end:2026-11-30",
    );
  });
});

describe("obligationPath", () => {
  it("links every kind to its list, searched for the item where the list can search", () => {
    const paths = OBLIGATION_KINDS.map((kind) => obligationPath(kind, "A & B"));
    expect(paths).toEqual([
      "/licenses?search=A+%26+B",
      "/licenses?search=A+%26+B",
      "/directories?search=A+%26+B",
      "/gsuite-accounts",
      "/accounts?search=A+%26+B",
      "/hardware?search=A+%26+B",
      "/trust-reviews?search=A+%26+B",
      "/hosting",
    ]);
  });
});

describe("hostingMonthEnds", () => {
  it("gives the last day of each month inside the range, leap years included", () => {
    expect(hostingMonthEnds("2028-01-31", "2028-03-30")).toEqual(["2028-01-31", "2028-02-29"]);
    expect(hostingMonthEnds("2026-02-01", "2026-02-27")).toEqual([]);
    expect(hostingMonthEnds("2026-12-31", "2026-12-31")).toEqual(["2026-12-31"]);
    expect(hostingMonthEnds("2026-11-24", "2027-11-24")).toHaveLength(12);
  });
});

describe("obligationRangeSchema", () => {
  it("takes two dates in order, within the longest range", () => {
    expect(obligationRangeSchema.safeParse({ from: "2026-01-01", to: "2026-01-01" }).success).toBe(
      true,
    );
    expect(obligationRangeSchema.safeParse({ from: "2026-01-02", to: "2026-01-01" }).success).toBe(
      false,
    );
    expect(obligationRangeSchema.safeParse({ from: "2026-01-01", to: "2028-01-01" }).success).toBe(
      false,
    );
    expect(obligationRangeSchema.safeParse({ from: "2026-02-30", to: "2026-03-01" }).success).toBe(
      false,
    );
  });
});
