import { describe, expect, it } from "vitest";
import { assignmentKeys, isLicenseDataKey, licenseKeys, userKeys } from "./query-keys";

const params = { search: "", status: "all", sort: "name", order: "asc" } as const;

describe("isLicenseDataKey", () => {
  it("covers every license, assignment, renewal and view-log query", () => {
    for (const key of [
      licenseKeys.all(params),
      licenseKeys.ofUser(4, params),
      licenseKeys.viewLogs(9),
      licenseKeys.renewals(9),
      assignmentKeys.all(),
      assignmentKeys.ofUser(4),
      ["/api/licenses"],
      ["/api/licenses/12"],
    ]) {
      expect(isLicenseDataKey(key), String(key[0])).toBe(true);
    }
  });

  it("leaves other queries alone", () => {
    for (const key of [
      userKeys.all(),
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
