import { describe, expect, it } from "vitest";
import {
  costLabel,
  type DashboardLicense,
  daysLeftBadgeVariant,
  needsAttention,
  RECENTLY_ADDED_COUNT,
  recentlyAdded,
  renewalDateOf,
  renewsSoon,
} from "./dashboard";
import { addDays, addMonths, addYears } from "./dates";

const today = "2025-06-15";
const inDays = (days: number) => addDays(today, days);

function license(overrides: Partial<DashboardLicense> & { autoRenew?: boolean }) {
  return {
    name: "License",
    expiryDate: null,
    renewalStatus: "manual",
    purchaseDate: null,
    paymentFrequency: "annually",
    autoRenew: false,
    ...overrides,
  };
}

const manualExpiring = (name: string, days: number | null) =>
  license({ name, expiryDate: days === null ? null : inDays(days) });

describe("needsAttention", () => {
  it("takes licenses from 30 days past expiry to 30 days ahead, edges included", () => {
    const licenses = [-31, -30, -1, 0, 1, 30, 31].map((days) => manualExpiring(`d${days}`, days));
    expect(needsAttention(licenses, today).map((item) => item.daysLeft)).toEqual([
      -30, -1, 0, 1, 30,
    ]);
  });

  it("sorts by expiry date ascending, equal dates by name, and gives each its days left", () => {
    const licenses = [
      manualExpiring("Zoom", 3),
      manualExpiring("Figma", -20),
      manualExpiring("Beta", 12),
      manualExpiring("Alpha", 12),
    ];
    expect(
      needsAttention(licenses, today).map((item) => [item.license.name, item.daysLeft]),
    ).toEqual([
      ["Figma", -20],
      ["Zoom", 3],
      ["Alpha", 12],
      ["Beta", 12],
    ]);
  });

  it("returns the licenses themselves and leaves the input alone", () => {
    const licenses = [manualExpiring("Later", 20), manualExpiring("Sooner", 2)];
    const copy = structuredClone(licenses);
    const items = needsAttention(licenses, today);
    expect(items[0]!.license).toBe(licenses[1]);
    expect(licenses).toEqual(copy);
  });

  it("leaves out auto-renewing licenses, whatever their date", () => {
    const licenses = [-10, 0, 5].map((days) =>
      license({ expiryDate: inDays(days), renewalStatus: "auto", autoRenew: true }),
    );
    expect(needsAttention(licenses, today)).toEqual([]);
  });

  it("follows renewalStatus, not the autoRenew flag (as the licenses screen does)", () => {
    const flaggedButManual = license({
      name: "flagged",
      expiryDate: inDays(5),
      renewalStatus: "manual",
      autoRenew: true,
    });
    const autoButUnflagged = license({
      name: "unflagged",
      expiryDate: inDays(5),
      renewalStatus: "auto",
      autoRenew: false,
    });
    expect(
      needsAttention([flaggedButManual, autoButUnflagged], today).map((i) => i.license.name),
    ).toEqual(["flagged"]);
  });

  it("includes cancelled licenses: they are not set to auto-renew", () => {
    const cancelled = license({ expiryDate: inDays(-3), renewalStatus: "cancelled" });
    expect(needsAttention([cancelled], today)).toEqual([{ license: cancelled, daysLeft: -3 }]);
  });

  it("leaves out licenses without an expiry date", () => {
    expect(needsAttention([manualExpiring("none", null)], today)).toEqual([]);
  });

  it("counts calendar days across month ends and a leap day", () => {
    const leap = license({ expiryDate: "2024-02-01" });
    expect(needsAttention([leap], "2024-03-02")).toEqual([{ license: leap, daysLeft: -30 }]);
    expect(needsAttention([leap], "2024-03-03")).toEqual([]);
  });
});

describe("renewalDateOf", () => {
  it("is the next occurrence of the purchase date at the payment frequency", () => {
    expect(
      renewalDateOf(
        license({ purchaseDate: "2024-01-20", paymentFrequency: "monthly", expiryDate: null }),
        today,
      ),
    ).toBe("2025-06-20");
  });

  it("keeps a month-end purchase date at the month's end", () => {
    expect(
      renewalDateOf(license({ purchaseDate: "2025-01-31", paymentFrequency: "monthly" }), today),
    ).toBe("2025-06-30");
  });

  it("falls back to the expiry date without a purchase date or for a one-time payment", () => {
    expect(renewalDateOf(license({ expiryDate: inDays(9) }), today)).toBe(inDays(9));
    expect(
      renewalDateOf(
        license({
          purchaseDate: inDays(-100),
          paymentFrequency: "one-time",
          expiryDate: inDays(4),
        }),
        today,
      ),
    ).toBe(inDays(4));
  });

  it("is null with neither", () => {
    expect(renewalDateOf(license({ paymentFrequency: "one-time" }), today)).toBeNull();
  });
});

describe("renewsSoon", () => {
  const auto = (name: string, overrides: Partial<DashboardLicense> = {}) =>
    license({ name, renewalStatus: "auto", autoRenew: true, ...overrides });

  it("takes renewal dates from today to 30 days ahead, edges included", () => {
    // A start date in the future is its own next occurrence.
    const licenses = [-1, 0, 1, 30, 31].map((days) =>
      auto(`d${days}`, { purchaseDate: null, expiryDate: inDays(days) }),
    );
    expect(renewsSoon(licenses, today).map((item) => item.daysUntilRenewal)).toEqual([0, 1, 30]);
  });

  it("computes from the purchase date and frequency before the expiry date", () => {
    const annual = auto("annual", {
      purchaseDate: addYears(inDays(30), -2),
      paymentFrequency: "annually",
      // Far off: the purchase date decides.
      expiryDate: inDays(300),
    });
    const annualTooFar = auto("too far", {
      purchaseDate: addYears(inDays(31), -1),
      paymentFrequency: "annually",
      expiryDate: inDays(5),
    });
    expect(renewsSoon([annual, annualTooFar], today)).toEqual([
      { license: annual, renewalDate: inDays(30), daysUntilRenewal: 30 },
    ]);
  });

  it("renews a license bought today today, and a quarterly one on its quarter day", () => {
    const boughtToday = auto("today", { purchaseDate: today, paymentFrequency: "monthly" });
    const quarterly = auto("quarterly", {
      purchaseDate: addMonths(inDays(10), -9),
      paymentFrequency: "quarterly",
    });
    expect(
      renewsSoon([quarterly, boughtToday], today).map((item) => [
        item.license.name,
        item.renewalDate,
        item.daysUntilRenewal,
      ]),
    ).toEqual([
      ["today", today, 0],
      ["quarterly", inDays(10), 10],
    ]);
  });

  it("uses the expiry date for one-time payments and leaves out past or missing dates", () => {
    const oneTime = auto("one-time", {
      purchaseDate: inDays(-400),
      paymentFrequency: "one-time",
      expiryDate: inDays(7),
    });
    const lapsed = auto("lapsed", { expiryDate: inDays(-1) });
    const noDates = auto("no dates", { paymentFrequency: "one-time" });
    expect(renewsSoon([oneTime, lapsed, noDates], today)).toEqual([
      { license: oneTime, renewalDate: inDays(7), daysUntilRenewal: 7 },
    ]);
  });

  it("takes only licenses whose renewalStatus is auto, whatever the autoRenew flag says", () => {
    const dates = { purchaseDate: inDays(-20), paymentFrequency: "monthly" };
    const licenses = [
      license({ name: "manual", ...dates }),
      license({ name: "cancelled", renewalStatus: "cancelled", ...dates }),
      license({ name: "flagged but manual", autoRenew: true, ...dates }),
      license({ name: "auto, unflagged", renewalStatus: "auto", autoRenew: false, ...dates }),
    ];
    expect(renewsSoon(licenses, today).map((item) => item.license.name)).toEqual([
      "auto, unflagged",
    ]);
  });

  it("sorts by renewal date, equal dates by name", () => {
    const licenses = [
      auto("Slack", { expiryDate: inDays(20) }),
      auto("Ahrefs", { expiryDate: inDays(4) }),
      auto("Adobe", { expiryDate: inDays(20) }),
    ];
    expect(renewsSoon(licenses, today).map((item) => item.license.name)).toEqual([
      "Ahrefs",
      "Adobe",
      "Slack",
    ]);
  });
});

describe("recentlyAdded", () => {
  const created = (name: string, createdAt: string) => ({ name, createdAt });

  it("gives the 3 newest by creation, newest first", () => {
    const licenses = [
      created("a", "2025-01-01T00:00:00.000Z"),
      created("d", "2025-04-01T00:00:00.000Z"),
      created("b", "2025-02-01T00:00:00.000Z"),
      created("c", "2025-03-01T00:00:00.000Z"),
    ];
    expect(RECENTLY_ADDED_COUNT).toBe(3);
    expect(recentlyAdded(licenses).map((l) => l.name)).toEqual(["d", "c", "b"]);
    expect(recentlyAdded(licenses, 1).map((l) => l.name)).toEqual(["d"]);
    expect(licenses.map((l) => l.name)).toEqual(["a", "d", "b", "c"]);
  });

  it("compares instants, not text, so offsets are read correctly", () => {
    const licenses = [
      created("later", "2025-06-01T01:00:00Z"),
      // 00:00 UTC: an hour earlier, though its text sorts after.
      created("earlier", "2025-06-01T10:00:00+10:00"),
    ];
    expect(recentlyAdded(licenses).map((l) => l.name)).toEqual(["later", "earlier"]);
  });

  it("copes with fewer licenses than asked for, none, n = 0, ties and a bad date", () => {
    expect(recentlyAdded([])).toEqual([]);
    const licenses = [
      created("bad", "not a date"),
      created("first", "2025-01-01T00:00:00Z"),
      created("second", "2025-01-01T00:00:00Z"),
    ];
    expect(recentlyAdded(licenses, 5).map((l) => l.name)).toEqual(["first", "second", "bad"]);
    expect(recentlyAdded(licenses, 0)).toEqual([]);
  });
});

describe("daysLeftBadgeVariant", () => {
  it.each([
    [-30, "destructive"],
    [-1, "destructive"],
    [0, "outline"],
    [6, "outline"],
    [7, "secondary"],
    [30, "secondary"],
  ])("%i days → %s", (days, variant) => {
    expect(daysLeftBadgeVariant(days)).toBe(variant);
  });
});

describe("costLabel", () => {
  it.each([
    [259, "annually", "USD", "$259.00 / ann"],
    [134.99, "monthly", "AUD", "A$134.99 / mon"],
    [199.8, "quarterly", "AUD", "A$199.80 / qua"],
    [15, "weekly", "USD", "$15.00 / wee"],
    [2, "daily", "USD", "$2.00 / dai"],
    [1990, "annually", "GBP", "£1,990.00 / ann"],
    [900, "annually", "EUR", "€900.00 / ann"],
    [99, "one-time", "USD", "$99.00 one-time"],
  ] as const)("%s %s %s → %s", (amount, frequency, currency, label) => {
    expect(costLabel(amount, frequency, currency)).toBe(label);
  });

  it("shows a missing or non-numeric amount as $0.00 and reads numeric strings", () => {
    expect(costLabel(null, "annually")).toBe("$0.00 / ann");
    expect(costLabel("abc", "monthly")).toBe("$0.00 / mon");
    expect(costLabel("12.5", "monthly")).toBe("$12.50 / mon");
  });

  it("shows only the amount without a frequency", () => {
    expect(costLabel(5, null)).toBe("$5.00");
    expect(costLabel(5, "")).toBe("$5.00");
  });
});
