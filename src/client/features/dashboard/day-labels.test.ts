import { describe, expect, it } from "vitest";
import { daysLeftLabel, daysUntilLabel } from "./day-labels";

describe("daysLeftLabel", () => {
  it.each([
    [-20, "Expired 20 days ago"],
    [-1, "Expired 1 day ago"],
    [0, "Today"],
    [1, "1 day"],
    [12, "12 days"],
  ])("%i → %s", (daysLeft, label) => {
    expect(daysLeftLabel(daysLeft)).toBe(label);
  });
});

describe("daysUntilLabel", () => {
  it.each([
    [0, "Today"],
    [1, "1 day"],
    [30, "30 days"],
  ])("%i → %s", (daysUntil, label) => {
    expect(daysUntilLabel(daysUntil)).toBe(label);
  });
});
