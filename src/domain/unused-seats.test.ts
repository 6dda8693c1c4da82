import { describe, expect, it } from "vitest";
import { isUnused } from "./unused-seats";

describe("isUnused", () => {
  const now = new Date("2026-11-29T12:00:00.000Z");
  it("is unused once more than N days have passed since the last sign-in", () => {
    // Exactly 60 days ago is the boundary: not yet unused; a millisecond earlier is.
    expect(isUnused("2026-09-30T12:00:00.000Z", false, now, 60)).toBe(false);
    expect(isUnused("2026-09-30T11:59:59.999Z", false, now, 60)).toBe(true);
    expect(isUnused(new Date("2026-11-28T12:00:00.000Z"), null, now, 60)).toBe(false);
    expect(isUnused(new Date("2026-11-28T11:00:00.000Z"), false, now, 1)).toBe(true);
  });
  it("does not call an unknown last sign-in unused", () => {
    expect(isUnused(null, false, now, 60)).toBe(false);
    expect(isUnused(null, null, now, 1)).toBe(false);
  });
  it("calls a suspended holder unused whatever the sign-in", () => {
    expect(isUnused(null, true, now, 60)).toBe(true);
    expect(isUnused("2026-11-29T11:00:00.000Z", true, now, 60)).toBe(true);
  });
});
