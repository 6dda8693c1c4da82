// CSV import: preview (check every row, write nothing) and commit (claim the area, check again,
// then write the valid rows in one transaction: all of them or none).
import { IMPORT_AREA_LABELS, type ImportArea } from "../../domain/imports/columns";
import {
  type ImportPreviewResponse,
  type ImportReadQuery,
  type ImportResultResponse,
  MAX_PREVIEW_PROBLEM_ROWS,
  PREVIEW_FIRST_ROWS,
} from "../../domain/schemas/imports";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/driver-errors";
import type { StatisticsRefresher } from "../db/maintenance";
import { AppError, badRequest, conflict } from "../http/errors";
import type { Secrets } from "../lib/secrets";
import { emitNotification } from "../notifications/emit";
import { importAreas } from "./areas";
import { chunked } from "./areas/area";
import { type CheckedFile, type CheckedRow, checkAgainstDatabase, checkFile } from "./check";
import { claimImport, finishImport, releaseClaim } from "./claim";
import { withGinBulkLoad } from "./gin-bulk-load";
import { clearProgress, reportProgress } from "./progress";
import { type ImportBody, type ReadFile, readImportFile } from "./read-file";
import { missingFieldsError } from "./table";

/** Rows per INSERT (one statement, a parameter per column: db/bulk-insert.ts); progress moves
 * after each. */
const INSERT_BATCH = 500;
/** Rows with problems named in a refused commit's `errors`. */
const MAX_LISTED_ERRORS = 100;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** How the file was read, as both answers tell it. */
const readingOf = (table: ReadFile, dateFormat: CheckedFile["dateFormat"]) => ({
  mapping: table.mapping,
  separator: table.separator ?? null,
  sheets: table.sheets,
  sheet: table.sheet,
  dateFormat,
});

export async function previewImport(
  db: Db,
  secrets: Secrets,
  area: ImportArea,
  body: ImportBody,
  read: ImportReadQuery = {},
): Promise<ImportPreviewResponse> {
  const definition = importAreas[area];
  const table = await readImportFile(area, body, read);
  const file = checkFile(definition, table, read.dateFormat);
  await checkAgainstDatabase(db, secrets, definition, file.rows);
  const invalid = file.rows.filter((row) => row.problems.length > 0);
  const listedInvalid = new Set(invalid.slice(0, MAX_PREVIEW_PROBLEM_ROWS));
  const listed = file.rows.filter(
    (row, index) => index < PREVIEW_FIRST_ROWS || listedInvalid.has(row),
  );
  return {
    area,
    ...readingOf(table, file.dateFormat),
    missingFields: table.missingFields,
    columns: file.columns,
    ignoredColumns: file.ignoredColumns,
    totalRows: file.rows.length,
    validRows: file.rows.length - invalid.length,
    invalidRows: invalid.length,
    rows: listed.map(({ line, values, problems }) => ({ line, values, problems })),
    unlistedInvalidRows: invalid.length - listedInvalid.size,
  };
}

function refuseRows(invalid: CheckedRow[]) {
  const errors = invalid.slice(0, MAX_LISTED_ERRORS).map((row) => ({
    path: `line ${row.line}`,
    message: row.problems.join(" "),
  }));
  return badRequest(
    `${plural(invalid.length, "row")} of the file ${invalid.length === 1 ? "has" : "have"} problems, so nothing was imported. Correct them, or import only the valid rows.`,
    errors,
    "IMPORT_ROWS_INVALID",
  );
}

/**
 * A unique index refused a row that the check let through: the record was created (through the
 * form or the API) between the check and the insert. The transaction is rolled back.
 */
function createdMeanwhile(definition: (typeof importAreas)[ImportArea], error: unknown) {
  if (!isUniqueViolation(error)) return undefined;
  const exists = definition.duplicate.existsMessage.replace(/\.$/, "");
  return conflict(
    "IMPORT_CONFLICT",
    `${exists}: it was added while the file was imported, so nothing was imported. Check the file again.`,
  );
}

export interface CommitOptions {
  actor: ActivityActor;
  /** Import the valid rows and leave out the rows with problems. */
  skipInvalid: boolean;
  /** How to read the file (mapping, separator, sheet, date format). */
  read?: ImportReadQuery;
  /** The uploaded file's name, for the history. */
  fileName?: string | null;
  /** Takes the table's statistics once the rows are written, without delaying the answer. */
  statistics: StatisticsRefresher;
}

/** Nothing is written from a file whose required fields have no column or whose dates are open. */
function refuseUnreadable(table: ReadFile, file: CheckedFile) {
  if (table.missingFields.length > 0) throw missingFieldsError(table.missingFields);
  if (file.dateFormat.ambiguous) {
    throw badRequest(
      "Every date of the file could be month first (1/2/2026 = January 2) or day first (= 1 February): choose the file's date format (dateFormat=mdy or dmy).",
      [],
      "IMPORT_DATE_FORMAT",
    );
  }
}

export async function commitImport(
  db: Db,
  secrets: Secrets,
  area: ImportArea,
  body: ImportBody,
  options: CommitOptions,
): Promise<ImportResultResponse> {
  const definition = importAreas[area];
  const read = options.read ?? {};
  const claim = await claimImport(db, area, options.actor.userId, options.fileName ?? null);
  let committed = false;
  try {
    reportProgress(db, area, { phase: "checking", processed: 0, total: 0 });
    const table = await readImportFile(area, body, read);
    const file = checkFile(definition, table, read.dateFormat);
    refuseUnreadable(table, file);
    const total = file.rows.length;
    const result = await db
      .transaction(async (tx) => {
        // Against the database inside the write's transaction: what it checks is what it writes.
        await definition.lock?.(tx);
        await checkAgainstDatabase(tx, secrets, definition, file.rows);
        const invalid = file.rows.filter((row) => row.problems.length > 0);
        if (invalid.length > 0 && !options.skipInvalid) throw refuseRows(invalid);
        const valid = file.rows.filter((row) => row.problems.length === 0);
        if (valid.length === 0) {
          throw badRequest(
            "No row of the file can be imported: every row has a problem.",
            [],
            "IMPORT_NOTHING_TO_IMPORT",
          );
        }
        let written = 0;
        const createdIds: number[] = [];
        reportProgress(db, area, { phase: "writing", processed: 0, total: valid.length });
        await withGinBulkLoad(tx, definition.table, async () => {
          for (const batch of chunked(valid, INSERT_BATCH)) {
            const ids = await definition.insert(
              tx,
              batch.map((row) => row.row),
              secrets,
              { actor: options.actor },
            );
            createdIds.push(...ids);
            written += batch.length;
            reportProgress(db, area, { phase: "writing", processed: written, total: valid.length });
          }
        });
        const skipped = total - valid.length;
        await recordActivity(tx, options.actor, {
          action: "import",
          area: definition.activityArea,
          itemId: null,
          itemLabel: "CSV import",
          detail: { rows: written, skipped },
        });
        await finishImport(tx, claim.id, {
          success: true,
          rows: written,
          createdIds,
          message: `Imported ${plural(written, "row")}${skipped > 0 ? `, skipped ${skipped}` : ""}.`,
        });
        await emitNotification(tx, {
          type: "import_finished",
          key: `import_finished:${claim.id}`,
          title: `Import of ${IMPORT_AREA_LABELS[area]} finished`,
          text: `Imported ${plural(written, "row")}${skipped > 0 ? `, skipped ${skipped}` : ""}.`,
          item: {
            area: definition.activityArea,
            id: claim.id,
            label: options.fileName ?? "CSV import",
          },
          link: "/settings",
          payload: { area, imported: written, skipped },
        });
        return { area, ...readingOf(table, file.dateFormat), imported: written, skipped };
      })
      .catch((error: unknown) => {
        throw createdMeanwhile(definition, error) ?? error;
      });
    committed = true;
    return result;
  } catch (error) {
    // The history shows this to administrators: our own refusals say what was wrong, anything
    // else (a driver's or a bug's text) is kept to the server's log.
    const message = error instanceof AppError ? error.message : "The import failed.";
    // A database that fails here too leaves the claim to its lease; the first error is the story.
    await finishImport(db, claim.id, { success: false, rows: 0, message }).catch(() => {});
    throw error;
  } finally {
    clearProgress(db, area);
    // A database that fails here too leaves the lease to run out.
    await releaseClaim(db, claim).catch(() => {});
    // Up to thousands of new rows: the next requests are planned on the table's new size. Not
    // awaited (0.5-3 s at 10,000 licenses on PostgreSQL), and asked for after the claim's release:
    // on the embedded database's one connection that release would otherwise queue behind it.
    if (committed) options.statistics.refresh(definition.table);
  }
}
