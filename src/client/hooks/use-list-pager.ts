import { useEffect } from "react";
import type { ListCardPage } from "@/client/components/list-card";
import type { ListStateUpdateOptions } from "@/client/hooks/use-list-search-params";
import { clampPage, type ListPage } from "@/client/lib/pagination";

interface PagedQuery {
  data: ListPage<unknown> | undefined;
  isSuccess: boolean;
  /** The rows on screen are still the previous query's. */
  isPlaceholderData: boolean;
}

/**
 * The pager of a list whose page is in the URL, for ListCard. When the page asked for comes back
 * empty although the list is not (a write, here or by another administrator, shrank the list
 * under it), it moves to the last page, replacing the history entry.
 */
export function useListPager(
  label: string,
  query: PagedQuery,
  page: number,
  pageSize: number,
  update: (changes: { page: number }, options?: ListStateUpdateOptions) => void,
): ListCardPage | undefined {
  const settled = query.isSuccess && !query.isPlaceholderData;
  const shown = query.data?.rows.length;
  const total = query.data?.total;
  useEffect(() => {
    if (!settled || shown !== 0 || total === undefined || total === 0 || page === 1) return;
    update({ page: clampPage(page, total, pageSize) }, { replace: true });
  }, [settled, shown, total, page, pageSize, update]);

  if (!query.data) return undefined;
  return {
    label,
    page,
    pageSize,
    offset: query.data.offset,
    shown: query.data.rows.length,
    total: query.data.total,
    estimated: query.data.estimated,
    onPageChange: (next) => update({ page: next }),
  };
}
