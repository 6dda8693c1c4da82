// The rows of an export come through the area's own list function, one page at a time (limit
// and offset of the list kit), so the filters are the list's and no export holds more than one
// page in memory. Offset paging, not one long transaction: on the embedded database a
// transaction held open while a slow client downloads would stop every other request. Nothing is
// counted: an export stops at its first short page, so a count per page would be wasted work.
import type { PageBounds } from "../lib/paging";

/** Rows per read: large enough that a 100,000-row export is 100 queries, small enough to hold. */
export const EXPORT_PAGE_SIZE = 1000;

export async function* pagesOf<Row>(
  readPage: (bounds: Required<Omit<PageBounds, "estimate">>) => Promise<Row[]>,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await readPage({ limit: pageSize, offset, withTotal: false });
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
  }
}
