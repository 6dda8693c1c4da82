import { describe, expect, it } from "vitest";
import { assignmentKeys, isLicenseDataKey, licenseKeys } from "./query-keys";

const params = { search: "", status: "all", sort: "name", order: "asc" } as const;

describe("isLicenseDataKey", () => {
  it("covers every license, assignment, renewal and view-log query", () => {
    for (const key of [
      licenseKeys.all(params),
      licenseKeys.ofUser(4, params),
      licenseKeys.page(params, { page: 2, pageSize: 50, withAssignments: true }),
      licenseKeys.pageOfUser(4, params, { page: 1, pageSize: 50, withAssignments: false }),
      licenseKeys.viewLogs(9),
      licenseKeys.renewals(9),
      assignmentKeys.all(),
      assignmentKeys.ofUser(4),
      ["/api/licenses"],
      ["/api/licenses/12"],
      ["/api/dashboard/summary", "2025-06-15", 1],
    ]) {
      expect(isLicenseDataKey(key), String(key[0])).toBe(true);
    }
  });

  it("keeps a page apart from the whole list, and pages apart from each other", () => {
    const first = licenseKeys.page(params, { page: 1, pageSize: 50, withAssignments: true });
    expect(first).not.toEqual(licenseKeys.all(params));
    expect(first).not.toEqual(
      licenseKeys.page(params, { page: 2, pageSize: 50, withAssignments: true }),
    );
    expect(first).not.toEqual(
      licenseKeys.page(params, { page: 1, pageSize: 20, withAssignments: true }),
    );
  });

  it("leaves other queries alone", () => {
    for (const key of [
      ["/api/users"],
      ["/api/users/4"],
      ["/api/users/4/hardware"],
      ["/api/hardware"],
      ["/api/licenses-report"],
      ["licenses"],
      [42],
      [],
    ]) {
      expect(isLicenseDataKey(key), String(key[0])).toBe(false);
    }
  });
});
