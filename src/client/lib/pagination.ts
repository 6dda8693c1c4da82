// Paging of long lists: the server reads one page (limit/offset) and says how many rows match in
// X-Total-Count, so a screen never loads or renders the whole list.

/** Pages needed for `total` rows; at least 1, so "page 1 of 1" holds for an empty list. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** The page to show once the total is known: the last one when `page` is past the end. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), pageCount(total, pageSize));
}

const count = new Intl.NumberFormat("en-US");

/** 'Showing 51–100 of 2,000' for the rows on screen (from `offset`, `shown` of them). */
export function pageRangeText(offset: number, shown: number, total: number): string {
  if (shown === 0) return `Showing 0 of ${count.format(total)}`;
  return `Showing ${count.format(offset + 1)}–${count.format(offset + shown)} of ${count.format(total)}`;
}

/**
 * The matching total from X-Total-Count. Without a usable header (an older server) the rows
 * read so far are all that is known, so the pager offers no further page.
 */
export function totalFromHeader(header: string | null, offset: number, shown: number): number {
  const total = header === null || header.trim() === "" ? Number.NaN : Number(header);
  return Number.isInteger(total) && total >= 0 ? total : offset + shown;
}
