// Request and response schemas of CSV import (issue 15): one upload checked into a preview,
// the same upload committed, the running import's progress.
import { z } from "zod";
import { IMPORT_AREAS } from "../imports/columns";

/** The largest file an import reads (the server refuses a larger upload with 413 unread). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_MEGABYTES = MAX_IMPORT_BYTES / (1024 * 1024);
/** The most data rows one file may hold. */
export const MAX_IMPORT_ROWS = 50_000;
/** A preview lists every row with problems up to this many, plus the file's first rows. */
export const MAX_PREVIEW_PROBLEM_ROWS = 1000;
export const PREVIEW_FIRST_ROWS = 20;

export const IMPORT_RUNNING_MESSAGE =
  "Another import into this list is running. Wait for it to finish, then try again.";

export const importAreaSchema = z.enum(IMPORT_AREAS, {
  error: "The import area must be licenses, hardware, users, directories or accounts",
});
export const importAreaParamsSchema = z.object({ area: importAreaSchema });

/** The CSV file itself, sent as the body with Content-Type text/csv (decoded by the server). */
export const importFileBodySchema = z.string({
  error: "Send the CSV file as the request body with Content-Type: text/csv",
});

export const importCommitQuerySchema = z.object({
  // Import the valid rows and leave the rows with problems out; without it, any row with a
  // problem refuses the whole file.
  skipInvalid: z
    .enum(["true", "false"], { error: "skipInvalid must be true or false" })
    .optional()
    .transform((value) => value === "true"),
});

export const importRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  /** The row's cells by column header; secrets masked. */
  values: z.record(z.string(), z.string()),
  problems: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewResponseSchema = z.object({
  area: importAreaSchema,
  /** The headers of the columns that will be read, in template order. */
  columns: z.array(z.string()),
  /** Columns of the file this import does not read (e.g. an export's computed columns). */
  ignoredColumns: z.array(z.string()),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  invalidRows: z.number().int(),
  /** The first rows of the file and every row with a problem (up to a limit), by line. */
  rows: z.array(importRowSchema),
  /** Rows with problems not listed (beyond the limit). */
  unlistedInvalidRows: z.number().int(),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

export const importResultResponseSchema = z.object({
  area: importAreaSchema,
  imported: z.number().int(),
  skipped: z.number().int(),
});
export type ImportResultResponse = z.infer<typeof importResultResponseSchema>;

export const importProgressResponseSchema = z.object({
  running: z.boolean(),
  /** checking: reading and validating the file; writing: inserting rows. */
  phase: z.enum(["checking", "writing"]).nullable(),
  processed: z.number().int(),
  total: z.number().int(),
});
export type ImportProgressResponse = z.infer<typeof importProgressResponseSchema>;

export const importTemplateResponseSchema = z.string();
