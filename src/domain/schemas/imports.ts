// Request and response schemas of CSV import (issue 15): one upload checked into a preview,
// the same upload committed, the running import's progress.
import { z } from "zod";
import { IMPORT_AREAS } from "../imports/columns";
import { DATE_FORMATS } from "../imports/values";
import { pageQuerySchema, sortSchema } from "./paging";

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
  error: `The import area must be one of: ${IMPORT_AREAS.join(", ")}`,
});
export const importAreaParamsSchema = z.object({ area: importAreaSchema });

/** An Excel workbook, the other kind of file an import reads. */
export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const BODY_MESSAGE = `Send the file as the request body with Content-Type: text/csv (a CSV file) or ${XLSX_MEDIA_TYPE} (an Excel workbook)`;

/**
 * The file itself as the body: CSV text (Content-Type text/csv, decoded by the server) or an
 * Excel workbook's bytes (its own Content-Type).
 */
export const importFileBodySchema = z.union(
  [
    z.string({ error: BODY_MESSAGE }),
    z
      .custom<Uint8Array>((value) => value instanceof Uint8Array, BODY_MESSAGE)
      .meta({ type: "string", format: "binary" }),
  ],
  { error: BODY_MESSAGE },
);

/** The characters a CSV file may put between its columns. */
export const CSV_SEPARATORS = ["comma", "semicolon", "tab"] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];
export const SEPARATOR_CHARACTERS: Record<CsvSeparator, string> = {
  comma: ",",
  semicolon: ";",
  tab: "\t",
};

const MAPPING_MESSAGE =
  'mapping must be a JSON object from the file\'s column names to field names (null to ignore a column), e.g. {"Item Name":"name","Seats":"totalSeats","Category":null}';

/** The file's column names → the area's field names (null: ignore the column). */
export const importMappingSchema = z.record(
  z.string().max(500),
  z.string({ error: MAPPING_MESSAGE }).max(100).nullable(),
  { error: MAPPING_MESSAGE },
);
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** How to read the file: any left out is detected or suggested (the preview says which). */
export const importReadQuerySchema = z.object({
  /** JSON (importMappingSchema); columns left out get the suggested field. */
  mapping: z
    .string()
    .max(20_000, "mapping is too long")
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === "") return undefined;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        context.addIssue({ code: "custom", message: MAPPING_MESSAGE });
        return z.NEVER;
      }
      const parsed = importMappingSchema.safeParse(value);
      if (!parsed.success) {
        context.addIssue({ code: "custom", message: MAPPING_MESSAGE });
        return z.NEVER;
      }
      return parsed.data;
    })
    .describe(
      'JSON object from the file\'s column names to field names, null to ignore a column, e.g. {"Item Name":"name","Category":null}. Columns left out get the suggested field; the answer\'s `mapping` lists what was used. An unknown column or field, or a field named twice: 400 IMPORT_MAPPING.',
    ),
  /** CSV: the character between columns; detected from the header row when left out. */
  separator: z
    .enum(CSV_SEPARATORS, { error: "separator must be comma, semicolon or tab" })
    .optional()
    .describe("CSV: the character between columns. Detected from the header row when left out."),
  /** How slashed dates order day and month; asked when the file leaves it open. */
  dateFormat: z
    .enum(DATE_FORMATS, { error: "dateFormat must be mdy (month first) or dmy (day first)" })
    .optional()
    .describe(
      "How slashed dates order month and day. Detected when any date decides it; when none does, the preview answers dateFormat.ambiguous and the import refuses (400 IMPORT_DATE_FORMAT) until it is chosen. ISO and d.m.yyyy dates need no choice.",
    ),
  /** Excel: the sheet to read, by name; the first sheet when left out. */
  sheet: z
    .string()
    .max(200, "sheet must be at most 200 characters")
    .optional()
    .describe("Excel: the name of the sheet to read; the first sheet when left out."),
});
export type ImportReadQuery = Partial<z.output<typeof importReadQuerySchema>>;

export const importCommitQuerySchema = importReadQuerySchema.extend({
  /** The uploaded file's name, kept in the import history. */
  fileName: z
    .string()
    .trim()
    .max(255, "fileName must be at most 255 characters")
    .optional()
    .transform((value) => value || undefined),
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

export const importColumnMappingSchema = z.object({
  /** The column's name in the file ('Column 3' when blank, 'X (column 4)' when repeated). */
  column: z.string(),
  /** The field it goes to; null when ignored. */
  field: z.string().nullable(),
  /** true: taken from the header; false: chosen in the request's mapping. */
  suggested: z.boolean(),
});
export type ImportColumnMapping = z.infer<typeof importColumnMappingSchema>;

/** How the file was read: what the request chose or the server detected. */
const importReadingSchema = {
  /** Every column of the file, in file order, with the field it goes to. */
  mapping: z.array(importColumnMappingSchema),
  /** CSV: the separator used; null for a workbook. */
  separator: z.enum(CSV_SEPARATORS).nullable(),
  /** Excel: the workbook's sheets and the one read; empty and null for CSV. */
  sheets: z.array(z.string()),
  sheet: z.string().nullable(),
  dateFormat: z.object({
    /** The order used for slashed dates; null when the file has none. */
    used: z.enum(DATE_FORMATS).nullable(),
    /** Every slashed date fits both orders: the person must choose (the import refuses until). */
    ambiguous: z.boolean(),
  }),
};

export const importPreviewResponseSchema = z.object({
  area: importAreaSchema,
  ...importReadingSchema,
  /** Required fields (their template headers) that no column of the file goes to. */
  missingFields: z.array(z.string()),
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
  ...importReadingSchema,
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

// The import history (issue 31, item 4): every import with who ran it, when, its file and rows,
// and its undo.
export const importHistoryQuerySchema = pageQuerySchema.extend({
  sort: sortSchema(["startedAt"], "startedAt"),
  order: z.enum(["asc", "desc"], { error: "Order must be asc or desc" }).default("desc"),
  area: importAreaSchema.optional(),
});
export type ImportHistoryQuery = z.infer<typeof importHistoryQuerySchema>;

export const importHistoryEntrySchema = z.object({
  id: z.number().int(),
  area: importAreaSchema,
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  fileName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: z.enum(["success", "error"]).nullable(),
  rows: z.number().int(),
  message: z.string().nullable(),
  /** Whether an administrator can undo it now (succeeded, recorded its rows, not undone). */
  undoable: z.boolean(),
  undoneAt: z.string().nullable(),
  undoneByName: z.string().nullable(),
  undoneRows: z.number().int().nullable(),
});
export type ImportHistoryEntry = z.infer<typeof importHistoryEntrySchema>;
export const importHistoryResponseSchema = z.array(importHistoryEntrySchema);

export const importUndoResponseSchema = z.object({
  removed: z.number().int(),
  /** The created rows left in place, and why: edited since, or other records depend on them. */
  kept: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      reason: z.enum(["changed", "in_use"]),
    }),
  ),
});
export type ImportUndoResponse = z.infer<typeof importUndoResponseSchema>;
