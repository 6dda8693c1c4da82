// The rows of an export come through the area's own list function, one page at a time, so the
// filters are the list's and no export holds more than one page in memory. Not one long
// transaction: on the embedded database a transaction held open while a slow client downloads
// would stop every other request. Nothing is counted: an export stops at its first short page.
//
// A list on the keyset kit (lib/keyset.ts, decision 0040) answers each page with the cursor of
// its last row, and the next page is read after it: every page then costs what the first costs,
// where by offset the 50th page of 1,000 rows reads the 49,000 before it again. A list whose
// reader returns bare rows is read by offset, as before.

/** Rows per read: large enough that a 100,000-row export is 100 queries, small enough to hold. */
export const EXPORT_PAGE_SIZE = 1000;

/** Where a page of an export starts: after a cursor (keyset lists) or at an offset. */
export interface ExportPageBounds {
  limit: number;
  offset: number;
  withTotal: false;
  /** The last row's cursor of the page before (X-Next-Cursor of a list call). */
  after?: string;
}

/** A page as a keyset reader answers it: its rows and the cursor at its last row. */
export interface KeysetExportPage<Row> {
  rows: Row[];
  next: string | null | undefined;
}

export async function* pagesOf<Row>(
  readPage: (bounds: ExportPageBounds) => Promise<Row[] | KeysetExportPage<Row>>,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<Row[]> {
  let after: string | undefined;
  for (let offset = 0; ; offset += pageSize) {
    const answer = await readPage(
      after === undefined
        ? { limit: pageSize, offset, withTotal: false }
        : { limit: pageSize, offset: 0, withTotal: false, after },
    );
    const rows = Array.isArray(answer) ? answer : answer.rows;
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    if (!Array.isArray(answer)) {
      if (!answer.next) return;
      after = answer.next;
    }
  }
}
