import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a page of this app, with its query and fragment", () => {
    for (const path of ["/", "/licenses", "/licenses?page=2&sort=name", "/users/4#top"]) {
      expect(safeReturnPath(path)).toBe(path);
    }
  });

  it("drops anything that could leave the app, or lead back to sign-in or the API", () => {
    for (const path of [
      undefined,
      null,
      "",
      "licenses",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/login",
      "/login?next=/x",
      "/api/users",
      `/${"a".repeat(3000)}`,
    ]) {
      expect(safeReturnPath(path), String(path)).toBeNull();
    }
  });
});
