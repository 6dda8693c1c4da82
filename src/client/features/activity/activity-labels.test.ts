import { describe, expect, it } from "vitest";
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
  });

  it("offers every area and action of the domain as a filter, after 'all'", () => {
    expect(AREA_OPTIONS.map((option) => option.value)).toEqual(["all", ...ACTIVITY_AREAS]);
    expect(ACTION_OPTIONS.map((option) => option.value)).toEqual(["all", ...ACTIVITY_ACTIONS]);
  });
});

describe("activityItemPath", () => {
  it("links an item to its area's list, searched for its name", () => {
    expect(activityItemPath({ area: "licenses", action: "update", itemLabel: "Figma & Co" })).toBe(
      "/licenses?search=Figma+%26+Co",
    );
    expect(
      activityItemPath({ area: "hardware_requests", action: "approve", itemLabel: "Monitor" }),
    ).toBe("/hardware?tab=requests&search=Monitor");
  });

  it("does not link a deleted item, a nameless one, or an area without a list", () => {
    expect(activityItemPath({ area: "licenses", action: "delete", itemLabel: "Gone" })).toBeNull();
    expect(activityItemPath({ area: "users", action: "update", itemLabel: null })).toBeNull();
    expect(activityItemPath({ area: "auth", action: "sign_in", itemLabel: "admin" })).toBeNull();
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
