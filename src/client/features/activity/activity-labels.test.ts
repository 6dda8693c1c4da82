import { describe, expect, it } from "vitest";
import { linkedItemPath } from "@/client/lib/linked-item";
import { ACTIVITY_ACTIONS, ACTIVITY_AREAS } from "@/domain/activity";
import {
  ACTION_OPTIONS,
  AREA_OPTIONS,
  activityActionLabel,
  activityAreaLabel,
  plainWords,
} from "./activity-labels";
import { activityListSearchParamsSchema } from "./activity-search-params";
import { activityItemPath } from "./item-link";

describe("activity labels", () => {
  it("reads field, area and action names as words", () => {
    expect(plainWords("licenseKey")).toBe("License key");
    expect(plainWords("hardware_requests")).toBe("Hardware requests");
    expect(activityAreaLabel("office_accounts")).toBe("Office accounts");
    expect(activityActionLabel("sign_in_failed")).toBe("Failed sign-in");
    expect(activityActionLabel("recovery_codes_regenerate")).toBe("Recovery codes regenerated");
  });

  it("offers every area and action of the domain as a filter, after 'all'", () => {
    expect(AREA_OPTIONS.map((option) => option.value)).toEqual(["all", ...ACTIVITY_AREAS]);
    expect(ACTION_OPTIONS.map((option) => option.value)).toEqual(["all", ...ACTIVITY_ACTIONS]);
  });
});

describe("activityItemPath", () => {
  it("links an item to its area's page with its dialog open, by id", () => {
    expect(
      activityItemPath({ area: "licenses", action: "update", itemId: 12, itemLabel: "Figma" }),
    ).toBe("/licenses?item=12");
    expect(activityItemPath({ area: "users", action: "create", itemId: 3, itemLabel: "kim" })).toBe(
      "/users?item=3",
    );
    expect(
      activityItemPath({ area: "hardware", action: "assign", itemId: 40, itemLabel: "Laptop" }),
    ).toBe("/hardware?item=40");
    expect(
      activityItemPath({
        area: "office_accounts",
        action: "reveal",
        itemId: 5,
        itemLabel: "a@b.example",
      }),
    ).toBe("/accounts?item=5");
    expect(
      activityItemPath({ area: "gsuite", action: "update", itemId: 8, itemLabel: "a@b.example" }),
    ).toBe("/gsuite-accounts?tab=users&item=8");
    expect(
      activityItemPath({ area: "gsuite_plans", action: "update", itemId: 2, itemLabel: "Pro" }),
    ).toBe("/gsuite-accounts?tab=plans&item=2");
    expect(
      activityItemPath({
        area: "trust_reviews",
        action: "approve",
        itemId: 9,
        itemLabel: "Client",
      }),
    ).toBe("/trust-reviews?item=9");
  });

  it("links an item whose page cannot open it by id to its list, searched for its name", () => {
    expect(
      activityItemPath({
        area: "hardware_requests",
        action: "approve",
        itemId: 4,
        itemLabel: "Monitor & stand",
      }),
    ).toBe("/hardware?tab=requests&search=Monitor+%26+stand");
    expect(
      activityItemPath({ area: "hardware_requests", action: "create", itemId: 2, itemLabel: null }),
    ).toBeNull();
  });

  it("does not link a deleted item, a record without one, or an area without items", () => {
    expect(
      activityItemPath({ area: "licenses", action: "delete", itemId: 12, itemLabel: "Figma" }),
    ).toBeNull();
    expect(
      activityItemPath({ area: "users", action: "update", itemId: null, itemLabel: "kim" }),
    ).toBeNull();
    expect(
      activityItemPath({ area: "auth", action: "sign_in", itemId: 1, itemLabel: "admin" }),
    ).toBeNull();
    expect(
      activityItemPath({ area: "settings", action: "settings_change", itemId: 1, itemLabel: null }),
    ).toBeNull();
  });
});

describe("linkedItemPath", () => {
  it("keeps the page's own query (a tab) and names the item once", () => {
    expect(linkedItemPath("/hardware?tab=requests", 4)).toBe("/hardware?tab=requests&item=4");
    expect(linkedItemPath("/licenses", 7)).toBe("/licenses?item=7");
  });
});

describe("the Activity page's URL state", () => {
  it("reads its filters, newest first by default", () => {
    expect(
      activityListSearchParamsSchema.parse({
        userId: "3",
        area: "hardware",
        action: "update",
        from: "2026-01-01",
        to: "2026-01-31",
      }),
    ).toEqual({
      page: 1,
      search: "",
      order: "desc",
      userId: 3,
      area: "hardware",
      action: "update",
      from: "2026-01-01",
      to: "2026-01-31",
    });
  });

  it("drops what a hand-edited URL gets wrong instead of failing", () => {
    const state = activityListSearchParamsSchema.parse({
      userId: "abc",
      area: "nowhere",
      action: "explode",
      from: "yesterday",
    });
    expect(state).toMatchObject({ userId: undefined, area: undefined, action: undefined });
    expect(state.from).toBeUndefined();
  });
});
