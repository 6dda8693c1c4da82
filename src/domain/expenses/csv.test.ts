import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv (RFC 4180)", () => {
  it("joins fields with commas and records with CRLF", () => {
    expect(
      toCsv(
        ["Name", "Amount"],
        [
          ["A", 1.5],
          ["B", null],
        ],
      ),
    ).toBe("Name,Amount\r\nA,1.5\r\nB,\r\n");
  });
  it("quotes fields with commas, quotes and line breaks, doubling quotes", () => {
    expect(toCsv(["x"], [["a,b"], ['say "hi"'], ["two\nlines"], ["cr\rhere"]])).toBe(
      'x\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n"cr\rhere"\r\n',
    );
  });
  it("defuses spreadsheet formulas but keeps negative numbers", () => {
    expect(toCsv(["x"], [["=SUM(A1)"], ["+1"], ["@cmd"], ["-12.50"], [-3], [true]])).toBe(
      "x\r\n'=SUM(A1)\r\n'+1\r\n'@cmd\r\n-12.50\r\n-3\r\ntrue\r\n",
    );
  });
});
