// The Data Export's zip: one CSV per area, through yazl. yazl reads one entry's stream at a
// time, so each CSV's rows are read from the database only when its turn comes.
import type { Readable } from "node:stream";
import yazl from "yazl";
import { csvStream } from "./csv-writer";
import type { ExportTable, RowCounter } from "./table";

export function zipOfCsv(
  tables: ExportTable<unknown>[],
  counters: RowCounter[] = tables.map(() => ({ rows: 0 })),
  options: { bom?: boolean } = {},
) {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  for (const [index, table] of tables.entries()) {
    const csv = csvStream(table, counters[index], options);
    // A failed CSV breaks the zip off too: a zip missing rows must not look complete.
    csv.on("error", (error) => output.destroy(error));
    zip.addReadStream(csv, `${table.name}.csv`);
  }
  zip.end();
  return output;
}
