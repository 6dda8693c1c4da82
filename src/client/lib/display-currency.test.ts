import { describe, expect, it } from "vitest";
import { parseDisplayCurrency } from "./display-currency";

describe("parseDisplayCurrency", () => {
  it("keeps a stored AUD or USD and defaults to AUD otherwise", () => {
    expect(parseDisplayCurrency("USD")).toBe("USD");
    expect(parseDisplayCurrency("AUD")).toBe("AUD");
    expect(parseDisplayCurrency(null)).toBe("AUD");
    expect(parseDisplayCurrency("EUR")).toBe("AUD");
  });
});
