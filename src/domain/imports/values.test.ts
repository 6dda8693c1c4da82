// The import's value readers at their edges: dates in each accepted form (and what is not one),
// the detection of day-first files, amounts written the ways spreadsheets write them (exact, no
// float on the way), flags.
import { describe, expect, it } from "vitest";
import {
  detectDateFormat,
  detectDecimalMark,
  fullYear,
  parseAmountCell,
  parseDateCell,
  parseFlagCell,
} from "./values";

describe("parseDateCell", () => {
  it.each([
    ["2026-01-15", "mdy", "2026-01-15"],
    ["2026-1-5", "dmy", "2026-01-05"],
    ["2022-03-18 00:00:00", "mdy", "2022-03-18"],
    ["2026-01-15T09:30:00Z", "mdy", "2026-01-15"],
    ["1/23/23", "mdy", "2023-01-23"],
    ["10/27/28", "mdy", "2028-10-27"],
    ["12/27/81", "mdy", "1981-12-27"],
    ["11/24/2008", "mdy", "2008-11-24"],
    ["23/1/2026", "dmy", "2026-01-23"],
    ["05/03/2026", "dmy", "2026-03-05"],
    ["05/03/2026", "mdy", "2026-05-03"],
    ["15.01.2026", "mdy", "2026-01-15"],
    ["1.2.26", "mdy", "2026-02-01"],
    ["15-01-2026", "mdy", "2026-01-15"],
    ["29/02/2024", "dmy", "2024-02-29"],
    [" 2026-01-15 ", "mdy", "2026-01-15"],
  ] as const)("reads %s (%s) as %s", (cell, format, date) => {
    expect(parseDateCell(cell, format)).toEqual({ date });
  });

  it.each([
    ["29/02/2023", "dmy", /not a real calendar date/],
    ["31.04.2026", "mdy", /not a real calendar date/],
    ["13/01/2026", "mdy", /not a real calendar date/],
    ["2026-13-01", "mdy", /not a real calendar date/],
    ["0/1/2026", "mdy", /not a real calendar date/],
    ["Jan 5 2026", "mdy", /not a date: write it as 2026-01-15/],
    ["45678", "mdy", /not a date/],
    ["1/2", "mdy", /not a date/],
    ["1/2/026", "mdy", /not a date/],
  ] as const)("refuses %s (%s)", (cell, format, problem) => {
    const result = parseDateCell(cell, format);
    expect("problem" in result && result.problem).toMatch(problem);
  });

  it("reads a two-digit year in Excel's window: 00-29 this century, 30-99 the last", () => {
    expect([fullYear("00"), fullYear("29"), fullYear("30"), fullYear("99")]).toEqual([
      2000, 2029, 1930, 1999,
    ]);
  });
});

describe("detectDateFormat", () => {
  it("takes month first when a second part is above 12, day first when a first part is", () => {
    expect(detectDateFormat(["1/2/2026", "3/30/2026"])).toEqual({
      format: "mdy",
      ambiguous: false,
    });
    expect(detectDateFormat(["1/2/2026", "30/3/2026"])).toEqual({
      format: "dmy",
      ambiguous: false,
    });
  });
  it("asks when every slashed date fits both orders", () => {
    expect(detectDateFormat(["1/2/2026", "12/11/2026", ""])).toEqual({
      format: null,
      ambiguous: true,
    });
  });
  it("needs no choice without slashed dates", () => {
    expect(detectDateFormat(["2026-01-02", "15.01.2026", ""])).toEqual({
      format: null,
      ambiguous: false,
    });
  });
  it("keeps month first for a file that mixes both orders (its other rows show a problem)", () => {
    expect(detectDateFormat(["30/1/2026", "1/30/2026"])).toEqual({
      format: "mdy",
      ambiguous: false,
    });
  });
});

describe("parseAmountCell", () => {
  it.each([
    ["259.00", ".", "259"],
    ["$79.66", ".", "79.66"],
    ["$1,234.50", ".", "1234.5"],
    ["1,234,567.89", ".", "1234567.89"],
    ["USD 12", ".", "12"],
    ["12.5 EUR", ".", "12.5"],
    ["A$ 99.95", ".", "99.95"],
    ["£0.07", ".", "0.07"],
    ["1,234", ".", "1234"],
    ["259,00", ",", "259"],
    ["259,5 €", ",", "259.5"],
    ["1.234,56", ",", "1234.56"],
    ["1 234,56", ",", "1234.56"],
    ["1\u00a0234,56 €", ",", "1234.56"],
    ["1\u202f234,56", ",", "1234.56"],
    ["1'234.50", ".", "1234.5"],
    ["€ 1.234.567,89", ",", "1234567.89"],
    ["0", ".", "0"],
    ["007", ".", "7"],
    ["-5", ".", "-5"],
    // Beyond a double's exact range: the digits are kept as written.
    ["9,007,199,254,740,993.01", ".", "9007199254740993.01"],
  ] as const)("reads %s (decimal mark %s) as %s", (cell, mark, amount) => {
    expect(parseAmountCell(cell, mark)).toEqual({ amount });
  });

  it.each([
    ["12,34", "."],
    ["1,23,456", "."],
    ["1.234.5", ","],
    ["12.345,6.7", ","],
    ["ten", "."],
    ["1.2.3", "."],
    ["$", "."],
    [".5", "."],
    ["(12.00)", "."],
  ] as const)("refuses %s (decimal mark %s)", (cell, mark) => {
    const result = parseAmountCell(cell, mark);
    expect("problem" in result && result.problem).toMatch(/is not an amount/);
  });

  it("leaves three decimals to the form's rule (at most two)", () => {
    expect(parseAmountCell("1.234", ".")).toEqual({ amount: "1.234" });
  });
});

describe("detectDecimalMark", () => {
  it("finds a decimal comma in any cell of the column", () => {
    expect(detectDecimalMark(["", "1.234", "259,00"])).toBe(",");
    expect(detectDecimalMark(["12,5 €"])).toBe(",");
    expect(detectDecimalMark(["1.234,5"])).toBe(",");
  });
  it("keeps the point otherwise, thousands commas included", () => {
    expect(detectDecimalMark(["$1,234.50", "1,234", "12"])).toBe(".");
    expect(detectDecimalMark([])).toBe(".");
  });
});

describe("parseFlagCell", () => {
  it.each([
    ["true", true],
    ["TRUE", true],
    ["Yes", true],
    ["1", true],
    [" y ", true],
    ["false", false],
    ["No", false],
    ["0", false],
    ["FALSE", false],
  ] as const)("reads %s as %s", (cell, value) => {
    expect(parseFlagCell(cell)).toBe(value);
  });
  it.each(["sometimes", "", "2", "truthy"])("leaves %j to the form's message", (cell) => {
    expect(parseFlagCell(cell)).toBeUndefined();
  });
});
