import { describe, expect, it } from "vitest";
import {
  ADD_HARDWARE_TYPES,
  EDIT_HARDWARE_TYPES,
  HARDWARE_TYPES,
  hardwareTypeKey,
  hardwareTypeLabel,
  REQUEST_NEW_HARDWARE_TYPES,
} from "./hardware-types";

describe("hardware type vocabulary", () => {
  it("maps every screen's list onto a stored key", () => {
    for (const type of [...ADD_HARDWARE_TYPES, ...REQUEST_NEW_HARDWARE_TYPES]) {
      expect(hardwareTypeKey(type), type).toBeDefined();
    }
    for (const label of ["Headset", "Camera", "Hard Drive", "Docking Station", "Cable", "Laptop"]) {
      expect(HARDWARE_TYPES).toContain(hardwareTypeKey(label));
    }
  });

  it("reads keys, labels in any case and aliases alike", () => {
    expect(hardwareTypeKey("laptop")).toBe("laptop");
    expect(hardwareTypeKey("LAPTOP")).toBe("laptop");
    expect(hardwareTypeKey("Hard Drive")).toBe("hard-drive");
    expect(hardwareTypeKey("hard-drive")).toBe("hard-drive");
    expect(hardwareTypeKey("docking_station")).toBe("docking-station");
    expect(hardwareTypeKey("pc")).toBe("desktop");
    expect(hardwareTypeKey(" PC ")).toBe("desktop");
    expect(hardwareTypeKey("toaster")).toBeUndefined();
    expect(hardwareTypeKey("")).toBeUndefined();
  });

  it("an item added as 'laptop' edits as Laptop: the Edit list holds every stored key", () => {
    expect(hardwareTypeLabel("laptop")).toBe("Laptop");
    for (const key of HARDWARE_TYPES) {
      expect(EDIT_HARDWARE_TYPES).toContain(key);
      expect(hardwareTypeKey(hardwareTypeLabel(key))).toBe(key);
    }
    expect(hardwareTypeLabel("something odd")).toBe("something odd");
  });
});
