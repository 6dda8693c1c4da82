import { describe, expect, it } from "vitest";
import { isSafeReturnPath } from "./return-path";

describe("isSafeReturnPath", () => {
  it("accepts paths inside the app", () => {
    expect(isSafeReturnPath("/licenses")).toBe(true);
    expect(isSafeReturnPath("/hardware?openRequestModal=true")).toBe(true);
  });

  it("refuses other sites, the login page and API paths", () => {
    expect(isSafeReturnPath("//evil.example")).toBe(false);
    expect(isSafeReturnPath("/\\evil.example")).toBe(false);
    expect(isSafeReturnPath("https://evil.example/")).toBe(false);
    expect(isSafeReturnPath("/login")).toBe(false);
    expect(isSafeReturnPath("/api/auth/logout")).toBe(false);
    expect(isSafeReturnPath(null)).toBe(false);
    expect(isSafeReturnPath("")).toBe(false);
  });
});
