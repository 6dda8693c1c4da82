// The one CSV writer every export and the import template use: RFC 4180 quoting and the formula
// guard, at their edges (the cases the browser's writer was tested with before it was retired).
import { describe, expect, it } from "vitest";
import { csvStream } from "./csv-writer";
import type { CellValue, ColumnType, ExportTable } from "./table";

interface Row {
  value: CellValue;
}

async function csvOf(type: ColumnType, values: CellValue[], bom = false) {
  const table: ExportTable<Row> = {
    name: "t",
    title: "T",
    filters: [],
    columns: [{ header: "x", type, value: (row) => row.value }],
    pages: async function* () {
      yield values.map((value) => ({ value }));
    },
  };
  let text = "";
  for await (const chunk of csvStream(table, { rows: 0 }, { bom })) text += String(chunk);
  return text;
}

describe("csvStream (RFC 4180)", () => {
  it("starts with a UTF-8 byte-order mark unless told not to (Excel on Windows needs it)", async () => {
    const table: ExportTable<Row> = {
      name: "t",
      title: "T",
      filters: [],
      columns: [{ header: "x", type: "text", value: (row) => row.value }],
      pages: async function* () {
        yield [{ value: "Ωмé" }];
      },
    };
    const bytesOf = async (options?: { bom?: boolean }) => {
      const chunks: Buffer[] = [];
      for await (const chunk of csvStream(table, { rows: 0 }, options)) {
        chunks.push(Buffer.from(chunk as string));
      }
      return Buffer.concat(chunks);
    };
    const withMark = await bytesOf();
    expect([...withMark.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(withMark.subarray(3).toString("utf8")).toBe("x\r\nΩмé\r\n");
    expect((await bytesOf({ bom: false })).toString("utf8")).toBe("x\r\nΩмé\r\n");
  });

  it("ends records with CRLF after a header row, an empty cell for null", async () => {
    expect(await csvOf("text", ["A", null])).toBe("x\r\nA\r\n\r\n");
  });

  it("quotes fields with commas, quotes and line breaks, doubling quotes", async () => {
    expect(await csvOf("text", ["a,b", 'say "hi"', "two\nlines"])).toBe(
      'x\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n',
    );
  });

  it("defuses every formula start in text cells", async () => {
    expect(await csvOf("text", ["=SUM(A1)", "+1", "-1+2", "@cmd", "\tx", "\rx", "a=b"])).toBe(
      "x\r\n'=SUM(A1)\r\n'+1\r\n'-1+2\r\n'@cmd\r\n'\tx\r\n\"'\rx\"\r\na=b\r\n",
    );
  });

  it("writes numbers and money as they are, a negative one included", async () => {
    expect(await csvOf("number", [-3, 7])).toBe("x\r\n-3\r\n7\r\n");
    expect(await csvOf("money", [-12.5, 120])).toBe("x\r\n-12.50\r\n120.00\r\n");
    expect(await csvOf("boolean", [true, false])).toBe("x\r\nYes\r\nNo\r\n");
  });
});
