// Exports (issue 15, decision 0022): the formats a list or the whole Data Export can be had in.
// Each list's export route reads the list's own query (its filters, search and order, without
// the page window) plus `format`, so an export holds exactly what the list shows.
import { z } from "zod";

export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormatSchema = z.enum(EXPORT_FORMATS, {
  error: "Format must be csv, xlsx or pdf",
});

/**
 * A CSV starts with a UTF-8 byte-order mark, so that Excel on Windows opens it as UTF-8 on a
 * double-click (without one it reads the bytes as the system's code page); `bom=false` leaves it
 * out for scripts that do not expect it. Only CSV (and the CSVs of a zip) has one.
 */
export const csvBomSchema = z
  .enum(["true", "false"], { error: "bom must be true or false" })
  .optional()
  .transform((value) => value !== "false");

/** Everything at once: a zip of one CSV per area, one workbook with a sheet per area, or a PDF report. */
export const EXPORT_ALL_FORMATS = ["zip", "xlsx", "pdf"] as const;
export type ExportAllFormat = (typeof EXPORT_ALL_FORMATS)[number];
export const exportAllQuerySchema = z.object({
  format: z.enum(EXPORT_ALL_FORMATS, { error: "Format must be zip, xlsx or pdf" }),
  bom: csvBomSchema,
});

/**
 * A list's export query is the list query without its page window (an export is every matching
 * row) plus the format: `listQuerySchema.omit(PAGE_WINDOW).extend(EXPORT_FORMAT_FIELD)`.
 */
export const PAGE_WINDOW = {
  limit: true,
  offset: true,
  after: true,
  before: true,
  fromEnd: true,
} as const;
export const EXPORT_FORMAT_FIELD = { format: exportFormatSchema, bom: csvBomSchema };

/** The success answer of every export route: a file, streamed (never JSON). */
export const exportFileResponseSchema = z
  .string()
  .describe("The exported file (CSV, .xlsx, PDF or zip), streamed as an attachment");
