// The query function half of the list kit: reads one page of a list (limit and offset from the
// page number) and its total. Counting every matching row is the part of a page request that
// grows with the table, and a page turn or a new sort does not change it, so the server is asked
// to count only when no other cached page of the same list, search and filters knows the total
// yet (`withTotal=false` otherwise; decision 0029). A known total is trusted for as long as a
// list is fresh (the query client's staleTime) and never after a write invalidated it. An
// estimated total is never kept: the server estimates again at no cost, and corrects the
// estimate near the list's end, where a kept one would end the pager too early or too late.
//
// Every list pages by keyset where its server does (it answers X-Next-Cursor; decision 0040): a
// page whose neighbour (same query, the page just before or after it) is cached is asked for
// after that page's last row (before its first) by cursor, whose cost does not grow with depth.
// A page with no cached neighbour (a bookmark to page 40, the pager's last page) is read from
// whichever end of the list is nearer when the total is known exactly: from the end, the last
// page costs what the first costs (fromEnd=true). The page number stays in the URL.
import type { Query, QueryFunctionContext } from "@tanstack/react-query";
import { api } from "./api-client";
import { listQueryString, type PageWindow } from "./list-query-string";
import { isEstimatedTotal, type ListPage, offsetOf, totalFromHeader } from "./pagination";

/** How long another page's total is reused: the lists' staleTime (app/query-client.ts). */
export const TOTAL_REUSE_MS = 30_000;

/** What a list's query function gets from TanStack Query and the kit reads. */
export type ListQueryContext = Pick<QueryFunctionContext, "client" | "queryKey" | "signal">;

/** A list call's parameters: the search, filters and sort, as they go into the query string. */
export type ListQuery = Readonly<Record<string, string | undefined>>;

/** What a total counts: the search and filters, not the sort. */
export function countedFilters(query: ListQuery): string {
  const { sort: _sort, order: _order, ...filters } = query;
  return listQueryString(filters);
}

/**
 * The total of the same search and filters that another cached page of this list (same first
 * key, the API path) holds, when it was counted less than TOTAL_REUSE_MS ago and no write has
 * invalidated it since; else undefined, and the page must be counted.
 */
export function knownTotal(context: ListQueryContext, filters: string, now = Date.now()) {
  const cache = context.client.getQueryCache();
  const own = cache.find({ queryKey: context.queryKey, exact: true });
  for (const query of cache.findAll({ queryKey: context.queryKey.slice(0, 1) })) {
    if (query === own || query.state.isInvalidated) continue;
    const counted = countOf(query);
    if (counted?.estimated) continue;
    if (counted?.filters === filters && now - counted.at < TOTAL_REUSE_MS) return counted;
  }
  return undefined;
}

const countOf = (query: Query) =>
  (query.state.data as Partial<ListPage<unknown>> | undefined)?.count;

/** Where a keyset list's page starts and ends, for its neighbours (X-Prev/X-Next-Cursor). */
export interface PageCursors {
  /**
   * The query the page was read with (search, filters, sort) and its page size: a cursor is a
   * place in that list, and a page of another size beside it is not this page's neighbour.
   */
  list: string;
  next: string;
  prev: string;
}

export interface ListRequestOptions {
  /** false: page by offset only, even where the server answers cursors. */
  keyset?: boolean;
}

/**
 * Whether the server pages `list` by keyset: some cached page of it, same query and page size,
 * came with cursors. A list not yet on the kit never does, so it is never sent a cursor or
 * fromEnd it would ignore.
 */
function pagesByKeyset(context: ListQueryContext, list: string) {
  const cache = context.client.getQueryCache();
  return cache
    .findAll({ queryKey: context.queryKey.slice(0, 1) })
    .some(
      (cached) =>
        (cached.state.data as Partial<KeysetListPage<unknown>> | undefined)?.cursors?.list === list,
    );
}

/**
 * The window from the list's end for the page at `offset` of a list of `total` rows, when the
 * end is nearer than the start; else undefined. The last page may be short: its limit is what is
 * left (the page's rows from offset to the end).
 */
export function fromEndWindow(offset: number, pageSize: number, total: number) {
  if (offset === 0 || offset >= total || offset < total - offset - pageSize) return undefined;
  const limit = Math.min(pageSize, total - offset);
  return { limit, offset: total - offset - limit };
}

/**
 * The cursor to read the page at `offset` by: after the last row of the cached page just before
 * it, or else before the first row of the cached page just after it, of the same `list` (query
 * and page size, PageCursors.list).
 * Page 1 is always read by offset, so that it shows what is newest. The positions hold whatever
 * was written since (a cursor page repeats no row), so a neighbour is used even when stale.
 */
export function neighbourCursor(
  context: ListQueryContext,
  list: string,
  offset: number,
  pageSize: number,
): { after: string } | { before: string } | undefined {
  if (offset === 0) return undefined;
  const cache = context.client.getQueryCache();
  const own = cache.find({ queryKey: context.queryKey, exact: true });
  let before: string | undefined;
  for (const cached of cache.findAll({ queryKey: context.queryKey.slice(0, 1) })) {
    if (cached === own) continue;
    const data = cached.state.data as Partial<KeysetListPage<unknown>> | undefined;
    if (data?.cursors?.list !== list) continue;
    if (data.offset === offset - pageSize) return { after: data.cursors.next };
    if (data.offset === offset + pageSize) before = data.cursors.prev;
  }
  return before === undefined ? undefined : { before };
}

/** A page of a keyset list: a ListPage that also says where it starts and ends. */
export interface KeysetListPage<Row> extends ListPage<Row> {
  cursors?: PageCursors;
}

/**
 * A page's query string (limit, offset and, when the total is known, withTotal=false; or a cursor
 * from a neighbour, for a keyset list) and how to make the ListPage from its answer. For a screen
 * that sends the same query twice (the licenses page and its seats); otherwise fetchListPage.
 */
export function listPageRequest(
  context: ListQueryContext,
  query: ListQuery,
  page: number,
  pageSize: number,
  options: ListRequestOptions = {},
) {
  const offset = offsetOf(page, pageSize);
  const filters = countedFilters(query);
  const known = knownTotal(context, filters);
  const list = listQueryString({ ...query, limit: String(pageSize) });
  const keyset = options.keyset !== false;
  const cursor = keyset ? neighbourCursor(context, list, offset, pageSize) : undefined;
  const fromEnd =
    keyset && !cursor && known && pagesByKeyset(context, list)
      ? fromEndWindow(offset, pageSize, known.total)
      : undefined;
  // From a cursor, the offset counts from it (0: the page right beside it); from the end, from
  // the last row.
  const window: PageWindow = fromEnd ?? { limit: pageSize, offset: cursor ? 0 : offset };
  if (known) window.withTotal = false;
  return {
    queryString: listQueryString(
      { ...query, ...cursor, ...(fromEnd ? { fromEnd: "true" } : {}) },
      window,
    ),
    pageOf<Row>(rows: Row[], headers: Headers): KeysetListPage<Row> {
      const next = headers.get("X-Next-Cursor");
      const prev = headers.get("X-Prev-Cursor");
      const cursors = next && prev ? { cursors: { list, next, prev } } : {};
      const header = headers.get("X-Total-Count");
      // The server sends the total even when told not to count if the page tells it (the end).
      if (known && header === null)
        return { rows, offset, total: known.total, estimated: false, count: known, ...cursors };
      // A short page by cursor ends the list; the server, not knowing the page's place, cannot
      // say so (it estimates the whole log's total). Where the page sits is the client's count.
      const ends = cursor !== undefined && rows.length < pageSize;
      const total = ends ? offset + rows.length : totalFromHeader(header, offset, rows.length);
      const estimated =
        !ends && header !== null && isEstimatedTotal(headers.get("X-Total-Count-Estimated"));
      return {
        rows,
        offset,
        total,
        estimated,
        count: { filters, total, at: Date.now(), estimated },
        ...cursors,
      };
    },
  };
}

/** One page of the list at `path`: GET path?query&limit&offset (or a cursor), with its total. */
export async function fetchListPage<Row>(
  context: ListQueryContext,
  path: string,
  query: ListQuery,
  page: number,
  pageSize: number,
  options: ListRequestOptions = {},
): Promise<KeysetListPage<Row>> {
  const request = listPageRequest(context, query, page, pageSize, options);
  const { data, headers } = await api.getWithHeaders<Row[]>(`${path}?${request.queryString}`, {
    signal: context.signal,
  });
  return request.pageOf(data, headers);
}
