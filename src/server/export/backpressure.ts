// exceljs and pdfkit write into their output without waiting for it; between pages of rows the
// writers wait here until the response has taken what is buffered, so a slow download holds
// back the database reads instead of piling rows up in memory.
import { once } from "node:events";
import type { Writable } from "node:stream";

export async function drained(out: Writable) {
  if (out.writableNeedDrain && !out.destroyed) await once(out, "drain");
}
