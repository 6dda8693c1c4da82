// The query function half of the list kit: reads one page of a list (limit and offset from the
// page number) and its total. Counting every matching row is the part of a page request that
// grows with the table, and a page turn or a new sort does not change it, so the server is asked
// to count only when no other cached page of the same list, search and filters knows the total
// yet (`withTotal=false` otherwise; decision 0029). A known total is trusted for as long as a
// list is fresh (the query client's staleTime) and never after a write invalidated it. An
// estimated total is never kept: the server estimates again at no cost, and corrects the
// estimate near the list's end, where a kept one would end the pager too early or too late.
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

/**
 * A page's query string (limit, offset and, when the total is known, withTotal=false) and how to
 * make the ListPage from its answer. For a screen that sends the same query twice (the licenses
 * page and its seats); otherwise fetchListPage.
 */
export function listPageRequest(
  context: ListQueryContext,
  query: ListQuery,
  page: number,
  pageSize: number,
) {
  const offset = offsetOf(page, pageSize);
  const filters = countedFilters(query);
  const known = knownTotal(context, filters);
  const window: PageWindow = { limit: pageSize, offset };
  if (known) window.withTotal = false;
  return {
    queryString: listQueryString(query, window),
    pageOf<Row>(rows: Row[], headers: Headers): ListPage<Row> {
      const header = headers.get("X-Total-Count");
      // The server sends the total even when told not to count if the page tells it (the end).
      if (known && header === null)
        return { rows, offset, total: known.total, estimated: false, count: known };
      const total = totalFromHeader(header, offset, rows.length);
      const estimated = header !== null && isEstimatedTotal(headers.get("X-Total-Count-Estimated"));
      return {
        rows,
        offset,
        total,
        estimated,
        count: { filters, total, at: Date.now(), estimated },
      };
    },
  };
}

/** One page of the list at `path`: GET path?query&limit&offset, with its total. */
export async function fetchListPage<Row>(
  context: ListQueryContext,
  path: string,
  query: ListQuery,
  page: number,
  pageSize: number,
): Promise<ListPage<Row>> {
  const request = listPageRequest(context, query, page, pageSize);
  const { data, headers } = await api.getWithHeaders<Row[]>(`${path}?${request.queryString}`, {
    signal: context.signal,
  });
  return request.pageOf(data, headers);
}
