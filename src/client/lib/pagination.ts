// Paging of long lists: the server reads one page (limit/offset) and says how many rows match in
// X-Total-Count, so a screen never loads or renders the whole list. For the whole of a very large
// list it may say that total is the database's estimate (X-Total-Count-Estimated: true, decision
// 0029): the pager then shows 'of about' it.

/** Pages needed for `total` rows; at least 1, so "page 1 of 1" holds for an empty list. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** The page to show once the total is known: the last one when `page` is past the end. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), pageCount(total, pageSize));
}

import { formatCount } from "./format";

/**
 * 'Showing 51–100 of 2,000' for the rows on screen (from `offset`, `shown` of them); for an
 * estimated total 'Showing 51–100 of about 1,230,000'.
 */
export function pageRangeText(
  offset: number,
  shown: number,
  total: number,
  estimated = false,
): string {
  const of = estimated
    ? `about ${formatCount(roughly(total, offset + shown))}`
    : formatCount(total);
  if (shown === 0) return `Showing 0 of ${of}`;
  return `Showing ${formatCount(offset + 1)}–${formatCount(offset + shown)} of ${of}`;
}

/**
 * An estimate to three significant figures (1,234,567 is about 1,230,000): its last digits are
 * noise, and exact-looking digits beside 'about' would claim otherwise. Never fewer than the
 * rows already shown (`atLeast`).
 */
function roughly(total: number, atLeast: number): number {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(total, 1))) - 2);
  return Math.max(Math.round(total / step) * step, atLeast);
}

/**
 * The matching total from X-Total-Count. Without a usable header (an older server) the rows
 * read so far are all that is known, so the pager offers no further page.
 */
export function totalFromHeader(header: string | null, offset: number, shown: number): number {
  const total = header === null || header.trim() === "" ? Number.NaN : Number(header);
  return Number.isInteger(total) && total >= 0 ? total : offset + shown;
}

/**
 * A new search or filter is on its way (the rows on screen were read with other `params`), as
 * opposed to a page turn or a refresh: what a search box's spinner shows.
 */
export function isNewSearchLoading(
  query: { isFetching: boolean; isPending: boolean; data?: { params: unknown } },
  params: unknown,
): boolean {
  const shown = query.data;
  if (!query.isFetching || query.isPending || shown === undefined) return false;
  return JSON.stringify(shown.params) !== JSON.stringify(params);
}

/** One page of a list as a screen holds it: its rows, where they start, how many match in all. */
export interface ListPage<Row> {
  rows: Row[];
  /** Position of the first row in the whole list. */
  offset: number;
  /** Rows matching the search and filters, over every page. */
  total: number;
  /** The total is the server's estimate (X-Total-Count-Estimated), not a count: 'of about'. */
  estimated: boolean;
  /** When and for which search and filters the total was counted (list-page-query.ts). */
  count: { filters: string; total: number; at: number; estimated: boolean };
}

/** X-Total-Count-Estimated: the server's word that X-Total-Count is an estimate. */
export const isEstimatedTotal = (header: string | null) => header === "true";
