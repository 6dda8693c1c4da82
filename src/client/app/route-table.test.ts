import { describe, expect, it } from "vitest";
import { pathMatches, routeForPath, titleForPath } from "./route-table";

describe("titleForPath", () => {
  it("gives every route of the spec its title", () => {
    expect(titleForPath("/")).toBe("Dashboard");
    expect(titleForPath("/hardware")).toBe("Hardware Inventory");
    expect(titleForPath("/accounts")).toBe("MS Office Accounts");
    expect(titleForPath("/licenses")).toBe("License Management");
    expect(titleForPath("/settings")).toBe("Settings");
    expect(titleForPath("/profile")).toBe("User Profile");
    expect(titleForPath("/users")).toBe("Users Management");
    expect(titleForPath("/gsuite-accounts")).toBe("G Suite Accounts");
    expect(titleForPath("/assignments")).toBe("License Assignments");
    expect(titleForPath("/expenses")).toBe("Expense Analysis");
    expect(titleForPath("/directories")).toBe("Directory Listings");
    expect(titleForPath("/hosting")).toBe("Hosting Resources");
    expect(titleForPath("/trust-reviews")).toBe("Trust Reviews");
  });

  it("gives someone who is not an administrator the dashboard's title on an administrator's path", () => {
    expect(titleForPath("/users", false)).toBe("Dashboard");
    expect(titleForPath("/trust-reviews", false)).toBe("Dashboard");
    expect(titleForPath("/hardware", false)).toBe("Hardware Inventory");
    expect(titleForPath("/nowhere", false)).toBe("Page Not Found");
  });

  it("matches the whole path exactly, case included, as the router does", () => {
    expect(titleForPath("/users/")).toBe("Users Management");
    expect(titleForPath("/licenses/42")).toBe("Page Not Found");
    expect(titleForPath("/users/123")).toBe("Page Not Found");
    expect(titleForPath("/settings/foo")).toBe("Page Not Found");
    expect(titleForPath("/LICENSES")).toBe("Page Not Found");
    expect(titleForPath("/nowhere")).toBe("Page Not Found");
    expect(titleForPath("/nowhere/deeper")).toBe("Page Not Found");
    expect(titleForPath("/users-archive")).toBe("Page Not Found");
  });
});

describe("pathMatches (the sidebar's active entry)", () => {
  it("matches by whole-segment prefix, the root only exactly", () => {
    expect(pathMatches("/licenses", "/licenses/42")).toBe(true);
    expect(pathMatches("/users", "/usersx")).toBe(false);
    expect(pathMatches("/", "/hardware")).toBe(false);
  });
});

describe("routeForPath", () => {
  it("marks the administrator-only routes", () => {
    const adminOnly = [
      "/users",
      "/gsuite-accounts",
      "/assignments",
      "/expenses",
      "/directories",
      "/hosting",
      "/trust-reviews",
      "/activity",
    ];
    for (const path of adminOnly) expect(routeForPath(path)?.adminOnly, path).toBe(true);
    for (const path of ["/", "/hardware", "/accounts", "/licenses", "/settings", "/profile"]) {
      expect(routeForPath(path)?.adminOnly, path).toBe(false);
    }
  });
});
