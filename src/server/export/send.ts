// Starts an export download: the headers, then the file as a stream that Fastify pipes to the
// client while the rows are still being read. Everything that can refuse the request (guard,
// query schema) has run before, so a refusal is a JSON error, never half a file; a failure
// after the first byte (the database gone) breaks the download off, which the browser reports
// as a failed download rather than a complete-looking file.
import { PassThrough, type Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { FastifyReply } from "fastify";
import { todayIso } from "../../domain/dates";
import type { ExportAllFormat, ExportFormat } from "../../domain/schemas/export";
import { csvStream } from "./csv-writer";
import { writePdf } from "./pdf-writer";
import type { ExportTable, RowCounter } from "./table";
import { writeXlsx } from "./xlsx-writer";
import { zipOfCsv } from "./zip-writer";

/** The Content-Type of each format's download (also what the API document declares). */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat | ExportAllFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
  zip: "application/zip",
};

/** What an export wrote, once it has ended (or broken off). */
export interface ExportOutcome {
  format: ExportFormat | ExportAllFormat;
  /** Rows written per table, by table name. */
  rows: Record<string, number>;
  completed: boolean;
}

/** A file stream fed by a writer that writes into its output (exceljs, pdfkit). */
function fedBy(write: (out: PassThrough) => Promise<void>): Readable {
  const out = new PassThrough();
  write(out).catch((error: unknown) => out.destroy(error as Error));
  return out;
}

export function exportStream(
  format: ExportFormat | ExportAllFormat,
  tables: ExportTable<unknown>[],
  counters: RowCounter[],
  options: { bom?: boolean } = {},
): Readable {
  switch (format) {
    case "csv":
      return csvStream(tables[0]!, counters[0], options);
    case "zip":
      return zipOfCsv(tables, counters, options);
    case "xlsx":
      return fedBy((out) => writeXlsx(out, tables, counters));
    case "pdf":
      return fedBy((out) => writePdf(out, tables, todayIso(), counters));
  }
}

/**
 * Sends the tables as one file named `<fileName>-<date>.<format>`; `onEnd` learns what was
 * written when the download has ended or broken off (for the activity log).
 */
export function sendExport(
  reply: FastifyReply,
  options: {
    fileName: string;
    format: ExportFormat | ExportAllFormat;
    tables: ExportTable<unknown>[];
    /** CSV only: start with a UTF-8 byte-order mark (default true). */
    bom?: boolean;
    onEnd?: (outcome: ExportOutcome) => Promise<void> | void;
  },
) {
  const { fileName, format, tables } = options;
  const counters = tables.map(() => ({ rows: 0 }));
  const stream = exportStream(format, tables, counters, { bom: options.bom });
  if (options.onEnd) {
    const onEnd = options.onEnd;
    finished(stream)
      .then(
        () => true,
        () => false,
      )
      .then((completed) =>
        onEnd({
          format,
          completed,
          rows: Object.fromEntries(tables.map((table, i) => [table.name, counters[i]!.rows])),
        }),
      )
      .catch((error: unknown) => reply.log.error({ err: error }, "export: recording failed"));
  }
  stream.on("error", (error) => reply.log.error({ err: error }, "export failed mid-stream"));
  return reply
    .header("content-type", EXPORT_CONTENT_TYPES[format])
    .header("content-disposition", `attachment; filename="${fileName}-${todayIso()}.${format}"`)
    .header("cache-control", "no-store")
    .send(stream);
}
