// An area's import template: its columns' headers and one example row, written by the exports'
// CSV writer, so the app has one CSV writer and one formula guard. Two lines: read whole.
import { text } from "node:stream/consumers";
import { type ImportArea, templateRows } from "../../domain/imports/columns";
import { csvStream } from "../export/csv-writer";
import type { ExportTable } from "../export/table";

export function templateCsv(area: ImportArea): Promise<string> {
  const [header, example] = templateRows(area) as [string[], string[]];
  const table: ExportTable<string[]> = {
    name: `${area}-import-template`,
    title: `${area} import template`,
    filters: [],
    columns: header.map((title, i) => ({ header: title, type: "text", value: (row) => row[i]! })),
    pages: async function* () {
      yield [example];
    },
  };
  return text(csvStream(table));
}
