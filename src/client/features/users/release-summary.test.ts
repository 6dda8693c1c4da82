import { describe, expect, it } from "vitest";
import { releaseSummary } from "./release-summary";

describe("releaseSummary", () => {
  it("names each kind held, in the singular or plural", () => {
    expect(releaseSummary({ hardware: 2, officeAccounts: 1, licenses: 3 }, { seats: true })).toBe(
      "This returns 2 hardware items to available and ends 1 office account assignment and 3 license seats.",
    );
    expect(releaseSummary({ hardware: 1, officeAccounts: 0, licenses: 0 }, { seats: true })).toBe(
      "This returns 1 hardware item to available.",
    );
    expect(releaseSummary({ hardware: 0, officeAccounts: 2, licenses: 1 }, { seats: false })).toBe(
      "This ends 2 office account assignments.",
    );
  });

  it("says nothing when nothing is held (seats left out for a deactivation)", () => {
    expect(releaseSummary({ hardware: 0, officeAccounts: 0, licenses: 0 }, { seats: true })).toBe(
      null,
    );
    expect(releaseSummary({ hardware: 0, officeAccounts: 0, licenses: 4 }, { seats: false })).toBe(
      null,
    );
  });
});
