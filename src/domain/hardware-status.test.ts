import { describe, expect, it } from "vitest";
import {
  canAssignHardwareTo,
  defaultWarrantyExpiry,
  isAvailableOrReserved,
  isHardwareAvailable,
  isHardwareOffered,
} from "./hardware-status";

describe("hardware availability", () => {
  const free = { assignedToUserId: null, status: "active" };
  const held = { assignedToUserId: 7, status: "active" };
  const heldReserved = { assignedToUserId: 7, status: "reserved" };

  it("is available exactly when nobody holds it", () => {
    expect(isHardwareAvailable(free)).toBe(true);
    expect(isHardwareAvailable(held)).toBe(false);
    expect(isHardwareAvailable({ assignedToUserId: null, status: "retired" })).toBe(true);
  });

  it("offers a free item to assign or request unless it is in maintenance or retired", () => {
    expect(isHardwareOffered(free)).toBe(true);
    expect(isHardwareOffered({ assignedToUserId: null, status: "reserved" })).toBe(true);
    expect(isHardwareOffered({ assignedToUserId: null, status: "maintenance" })).toBe(false);
    expect(isHardwareOffered({ assignedToUserId: null, status: "retired" })).toBe(false);
    expect(isHardwareOffered(held)).toBe(false);
  });

  it("the Available & Reserved tab holds free items and reserved ones", () => {
    expect(isAvailableOrReserved(free)).toBe(true);
    expect(isAvailableOrReserved(heldReserved)).toBe(true);
    expect(isAvailableOrReserved(held)).toBe(false);
  });

  it("an item can go to anyone when free and only to its holder when held", () => {
    expect(canAssignHardwareTo(free, 3)).toBe(true);
    expect(canAssignHardwareTo(held, 7)).toBe(true);
    expect(canAssignHardwareTo(held, 3)).toBe(false);
  });

  it("defaults the warranty to one year after today, 29 February to 28 February", () => {
    expect(defaultWarrantyExpiry("2026-11-24")).toBe("2027-11-24");
    expect(defaultWarrantyExpiry("2028-02-29")).toBe("2029-02-28");
    expect(defaultWarrantyExpiry("2026-12-31")).toBe("2027-12-31");
  });
});
