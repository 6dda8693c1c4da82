import { describe, expect, it } from "vitest";
import { activeNavEntry, sidebarOpenByDefault, visibleNavEntries } from "./navigation";

describe("visibleNavEntries", () => {
  it("shows ordinary users the five shared entries", () => {
    expect(visibleNavEntries(false).map((entry) => entry.label)).toEqual([
      "Dashboard",
      "Hardware",
      "Office Accounts",
      "Software Licenses",
      "Settings",
    ]);
  });

  it("adds the administrator entries for administrators", () => {
    const labels = visibleNavEntries(true).map((entry) => entry.label);
    expect(labels).toHaveLength(13);
    for (const label of [
      "Users",
      "G Suite Accounts",
      "License Assignments",
      "Expenses",
      "Directories",
      "Hosting",
      "Trust Reviews",
      "Activity Log",
    ]) {
      expect(labels).toContain(label);
    }
  });
});

describe("activeNavEntry", () => {
  const entries = visibleNavEntries(true);
  const active = (path: string) => activeNavEntry(entries, path)?.label;

  it("picks the entry whose path is a prefix of the current path", () => {
    expect(active("/licenses")).toBe("Software Licenses");
    expect(active("/licenses/12/edit")).toBe("Software Licenses");
    expect(active("/trust-reviews")).toBe("Trust Reviews");
  });

  it("matches the root only exactly", () => {
    expect(active("/")).toBe("Dashboard");
    expect(active("/profile")).toBeUndefined();
    expect(active("/unknown")).toBeUndefined();
  });

  it("does not treat /assignments as /accounts or a partial segment as a match", () => {
    expect(active("/assignments")).toBe("License Assignments");
    expect(active("/accountsx")).toBeUndefined();
  });
});

describe("sidebarOpenByDefault", () => {
  it("is open at 1024 px and wider", () => {
    expect(sidebarOpenByDefault(1024)).toBe(true);
    expect(sidebarOpenByDefault(1600)).toBe(true);
    expect(sidebarOpenByDefault(1023)).toBe(false);
  });
});
