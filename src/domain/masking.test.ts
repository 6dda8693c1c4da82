import { describe, expect, it } from "vitest";
import { maskSecret } from "./masking";

describe("maskSecret", () => {
  it("shows the last 4 characters and keeps hyphens in place", () => {
    expect(maskSecret("ABCD-EFGH-IJKL")).toBe("XXXX-XXXX-IJKL");
    expect(maskSecret("ABCDEFGH")).toBe("XXXXEFGH");
    expect(maskSecret("ABCDE")).toBe("XBCDE");
    expect(maskSecret("abc-def-g-hi")).toBe("XXX-XXX-g-hi");
    expect(maskSecret("--AB-CD")).toBe("--XB-CD");
  });

  it("replaces every other character, spaces and symbols included", () => {
    expect(maskSecret("a b!c d#e12")).toBe("XXXXXXX#e12");
  });

  it("masks a value of 4 characters or fewer entirely", () => {
    expect(maskSecret("ABCD")).toBe("XXXX");
    expect(maskSecret("A-B")).toBe("X-X");
    expect(maskSecret("Z")).toBe("X");
  });

  it("counts characters, not UTF-16 units", () => {
    expect(maskSecret("ключ-😀😀-1234")).toBe("XXXX-XX-1234");
  });

  it("shows N/A for an empty value", () => {
    expect(maskSecret("")).toBe("N/A");
    expect(maskSecret("   ")).toBe("N/A");
    expect(maskSecret(null)).toBe("N/A");
    expect(maskSecret(undefined)).toBe("N/A");
  });
});
