// Exports stream: the first bytes of every format leave before the rows' last page has been read.
// The row source below holds its second page back until the test has received the first bytes:
// a writer that collected every row before writing would never send any, and the test would
// fail by timing out (no clock is read or waited on here).
import type { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { pdfText, readCsv, readXlsx, readZip } from "../../../tests/support/export-readers";
import { pagesOf } from "./row-pages";
import { exportStream } from "./send";
import type { ExportTable } from "./table";

interface Row {
  id: number;
  name: string;
}

function gatedTable(pages: number, pageSize: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { pagesRead: 0, release };
  const table: ExportTable<Row> = {
    name: "things",
    title: "Things",
    filters: [],
    columns: [
      { header: "Id", type: "number", value: (row) => row.id },
      { header: "Name", type: "text", value: (row) => row.name },
    ],
    pages: () =>
      pagesOf(async ({ limit, offset }) => {
        if (offset >= pages * pageSize) return [];
        if (offset > 0) await gate;
        state.pagesRead += 1;
        return Array.from({ length: limit }, (_, i) => ({
          id: offset + i + 1,
          name: `Thing ${offset + i + 1} ${"lorem ipsum dolor ".repeat((offset + i) % 7)}`,
        }));
      }, pageSize),
  };
  return { table, state };
}

/** The first chunk as soon as it comes, then (when asked) the whole file. */
async function firstChunkThenRest(stream: Readable) {
  const chunks = stream[Symbol.asyncIterator]();
  const first = await chunks.next();
  const all: Buffer[] = [first.value as Buffer];
  return {
    rest: async () => {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        all.push(next.value as Buffer);
      }
      return Buffer.concat(all);
    },
  };
}

describe("export streaming", () => {
  it("pages through the rows with limit and offset until a short page, counting none", async () => {
    const asked: { limit: number; offset: number; withTotal: boolean }[] = [];
    const pages = pagesOf(async (bounds) => {
      asked.push(bounds);
      return bounds.offset < 20 ? Array.from({ length: bounds.offset < 10 ? 10 : 3 }) : [];
    }, 10);
    let rows = 0;
    for await (const page of pages) rows += page.length;
    expect(rows).toBe(13);
    expect(asked).toEqual([
      { limit: 10, offset: 0, withTotal: false },
      { limit: 10, offset: 10, withTotal: false },
    ]);
  });

  for (const format of ["csv", "xlsx", "pdf", "zip"] as const) {
    it(`sends the first ${format} bytes before the last page is read`, async () => {
      const { table, state } = gatedTable(5, 2000);
      const counters = [{ rows: 0 }];
      const stream = exportStream(format, [table as ExportTable<unknown>], counters);
      const { rest } = await firstChunkThenRest(stream);
      // (The zip's first bytes, its entry header, may even come before the first page.)
      expect(state.pagesRead).toBeLessThanOrEqual(1);

      state.release();
      const body = await rest();
      expect(state.pagesRead).toBe(5);
      expect(counters[0]!.rows).toBe(10_000);
      // And the file is whole.
      if (format === "csv") expect(readCsv(body)).toHaveLength(10_001);
      if (format === "zip")
        expect(readCsv((await readZip(body))["things.csv"]!)).toHaveLength(10_001);
      if (format === "xlsx") expect((await readXlsx(body))[0]!.rows).toHaveLength(10_001);
      if (format === "pdf") expect(await pdfText(body)).toContain("Thing 10000");
    });
  }
});
