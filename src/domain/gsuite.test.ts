import { describe, expect, it } from "vitest";
import {
  assignmentEmailFor,
  type Converter,
  DOMAIN_PATTERN,
  emailDomain,
  isOnDomain,
  monthlyValueFigures,
  planSummaryText,
  totalInAud,
} from "./gsuite";

// Fixed, easy rates so the expected figures can be summed by hand.
const rates: Record<string, number> = { USD: 1.5, INR: 0.02 };
const convert: Converter = (amount, from) => Math.round(amount * rates[from]! * 100) / 100;

describe("assignmentEmailFor", () => {
  it("keeps the user's own address when it is on the organization's domain", () => {
    expect(
      assignmentEmailFor({ username: "jane", email: "Jane.Doe@Example.com" }, "example.com"),
    ).toBe("jane.doe@example.com");
  });

  it("uses the username at the domain when the address is elsewhere, on a subdomain or missing", () => {
    expect(assignmentEmailFor({ username: "Jane", email: "jane@gmail.com" }, "example.com")).toBe(
      "jane@example.com",
    );
    expect(
      assignmentEmailFor({ username: "jane", email: "jane@mail.example.com" }, "example.com"),
    ).toBe("jane@example.com");
    expect(assignmentEmailFor({ username: "jane", email: null }, "Example.com")).toBe(
      "jane@example.com",
    );
  });
});

describe("domains", () => {
  it("reads the part after the last @", () => {
    expect(emailDomain("a@b@Example.COM ")).toBe("example.com");
    expect(emailDomain("nobody")).toBe("");
    expect(isOnDomain("x@example.net", "example.com")).toBe(false);
  });

  it.each(["example.com", "a-b.example.co.uk", "x1.io"])("accepts %s", (domain) => {
    expect(DOMAIN_PATTERN.test(domain)).toBe(true);
  });

  it.each(["example", "-a.com", "a-.com", "a..com", "a b.com", "http://a.com", "@a.com", ""])(
    "refuses %j",
    (domain) => {
      expect(DOMAIN_PATTERN.test(domain)).toBe(false);
    },
  );
});

describe("monthly value figures", () => {
  it("converts each currency's sum once and adds them in AUD", () => {
    // 100 AUD + 10 USD (15 AUD) + 1000 INR (20 AUD) = 135 AUD
    const sums = [
      { currency: "AUD" as const, amount: 100 },
      { currency: "USD" as const, amount: 10 },
      { currency: "INR" as const, amount: 1000 },
    ];
    expect(totalInAud(sums, convert)).toBe(135);
    expect(monthlyValueFigures(sums, 4, convert)).toEqual({
      totalMonthlyValueAud: 135,
      averagePerAccountAud: 33.75,
    });
  });

  it("is zero with no accounts, not a division by zero", () => {
    expect(monthlyValueFigures([], 0, convert)).toEqual({
      totalMonthlyValueAud: 0,
      averagePerAccountAud: 0,
    });
  });

  it("rounds the average to cents", () => {
    expect(monthlyValueFigures([{ currency: "AUD", amount: 10 }], 3, convert)).toEqual({
      totalMonthlyValueAud: 10,
      averagePerAccountAud: 3.33,
    });
  });
});

describe("planSummaryText", () => {
  it("lists 'count x plan', most used first, ties by name", () => {
    expect(
      planSummaryText([
        { planType: "Starter", count: 2 },
        { planType: "Plus", count: 5 },
        { planType: "Basic", count: 2 },
      ]),
    ).toBe("5 x Plus, 2 x Basic, 2 x Starter");
    expect(planSummaryText([])).toBe("");
  });
});

describe("totalInAud", () => {
  it("adds a currency's groups before converting it once", () => {
    // Three groups of 0.25 INR: converted one by one each is 0.01 AUD (0.03 in all); added first,
    // 0.75 INR is 0.02 AUD. With 1.10 + 2.20 AUD the total is 3.32.
    const sums = [
      { currency: "INR" as const, amount: 0.25 },
      { currency: "INR" as const, amount: 0.25 },
      { currency: "INR" as const, amount: 0.25 },
      { currency: "AUD" as const, amount: 1.1 },
      { currency: "AUD" as const, amount: 2.2 },
    ];
    expect(totalInAud(sums, convert)).toBe(3.32);
  });
});
