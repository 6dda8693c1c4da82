import { describe, expect, it } from "vitest";
import type { AssignmentResponse } from "@/domain/schemas/licenses";
import { activeAssignmentsByLicense, visibleAssignments } from "./assignment-groups";

function assignment(overrides: Partial<AssignmentResponse>): AssignmentResponse {
  return {
    id: 1,
    licenseId: 1,
    licenseName: "SEO Spider",
    userId: 1,
    assignedTo: "Jane Cooper",
    assignedDate: "2025-01-01",
    notes: null,
    isActive: true,
    createdAt: "2025-01-01T09:00:00.000Z",
    unused: false,
    ...overrides,
  };
}

describe("activeAssignmentsByLicense", () => {
  it("groups active assignments by license, oldest first, and leaves out inactive ones", () => {
    const groups = activeAssignmentsByLicense([
      assignment({ id: 1, licenseId: 1, assignedDate: "2025-03-01" }),
      assignment({ id: 2, licenseId: 2 }),
      assignment({ id: 3, licenseId: 1, assignedDate: "2025-01-15" }),
      assignment({ id: 4, licenseId: 1, isActive: false }),
      assignment({ id: 5, licenseId: 3, isActive: false }),
    ]);
    expect(groups.get(1)?.map((a) => a.id)).toEqual([3, 1]);
    expect(groups.get(2)?.map((a) => a.id)).toEqual([2]);
    expect(groups.has(3)).toBe(false);
  });

  it("is empty without data", () => {
    expect(activeAssignmentsByLicense(undefined).size).toBe(0);
  });
});

describe("visibleAssignments", () => {
  it("lists 4 until everything is asked for", () => {
    const six = [1, 2, 3, 4, 5, 6];
    expect(visibleAssignments(six, false)).toEqual([1, 2, 3, 4]);
    expect(visibleAssignments(six, true)).toEqual(six);
    expect(visibleAssignments([1, 2], false)).toEqual([1, 2]);
  });
});
