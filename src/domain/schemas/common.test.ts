import { describe, expect, it } from "vitest";
import { amountSchema, idSchema, optionalText } from "./common";

describe("idSchema", () => {
  it("reads plain positive integers, as numbers or digit strings", () => {
    expect(idSchema.parse(7)).toBe(7);
    expect(idSchema.parse("42")).toBe(42);
  });

  it("refuses anything else written as a number", () => {
    for (const value of ["0x10", "1e3", "+9", "09", "9.0", "1 ", " 1", "", true, 1.5, 0, -1]) {
      expect(idSchema.safeParse(value).success, String(value)).toBe(false);
    }
  });
});

describe("amountSchema", () => {
  const amount = amountSchema("Bad amount", (value) => value.min(0, "Bad amount"));

  it("reads amounts to the cent, as numbers or the form's strings", () => {
    expect(amount.parse(12.5)).toBe(12.5);
    expect(amount.parse("1200.50")).toBe(1200.5);
    expect(amount.parse("9.0")).toBe(9);
    expect(amount.parse(9_999_999_999.99)).toBe(9_999_999_999.99);
  });

  it("refuses fractions of a cent and numbers written any other way", () => {
    for (const value of [0.001, "0.001", 10.005, "0x10", "1e3", "+9", "09", "1 ", true]) {
      expect(amount.safeParse(value).success, String(value)).toBe(false);
    }
  });
});

describe("optionalText", () => {
  it("refuses U+0000", () => {
    const result = optionalText().safeParse("a\u0000b");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Must not contain a NUL character");
  });
});
