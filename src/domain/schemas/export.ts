// Exports (issue 15, decision 0022): the formats a list or the whole Data Export can be had in.
// Each list's export route reads the list's own query (its filters, search and order, without
// the page window) plus `format`, so an export holds exactly what the list shows.
import { z } from "zod";

export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormatSchema = z.enum(EXPORT_FORMATS, {
  error: "Format must be csv, xlsx or pdf",
});

/** Everything at once: a zip of one CSV per area, one workbook with a sheet per area, or a PDF report. */
export const EXPORT_ALL_FORMATS = ["zip", "xlsx", "pdf"] as const;
export type ExportAllFormat = (typeof EXPORT_ALL_FORMATS)[number];
export const exportAllQuerySchema = z.object({
  format: z.enum(EXPORT_ALL_FORMATS, { error: "Format must be zip, xlsx or pdf" }),
});

/**
 * A list's export query is the list query without its page window (an export is every matching
 * row) plus the format: `listQuerySchema.omit(PAGE_WINDOW).extend(EXPORT_FORMAT_FIELD)`.
 */
export const PAGE_WINDOW = { limit: true, offset: true } as const;
export const EXPORT_FORMAT_FIELD = { format: exportFormatSchema };

/** The success answer of every export route: a file, streamed (never JSON). */
export const exportFileResponseSchema = z
  .string()
  .describe("The exported file (CSV, .xlsx, PDF or zip), streamed as an attachment");
