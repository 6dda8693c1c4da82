// Server calls of the activity log (GET /api/activity, administrators only): a page of the whole
// log for the Activity page, or of one item's records for its History section.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchListPage, type KeysetListPage } from "@/client/lib/list-page-query";
import type { ActivityResponse } from "@/domain/schemas/activity";

/** The filters a page of the log is read with (as the API names them; blank means none). */
export type ActivityListParams = Readonly<Record<string, string | undefined>>;

export interface ActivityPage extends KeysetListPage<ActivityResponse> {
  /** What this page was read with, to tell a new search from a page turn. */
  params: ActivityListParams;
}

/**
 * One page of the log, newest first. Every write anywhere adds to it, so it is read again each
 * time it is shown rather than kept for the app's usual 30 seconds.
 */
export function useActivityPage(
  params: ActivityListParams,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({
    queryKey: ["/api/activity", params, { page, pageSize }],
    queryFn: async (context): Promise<ActivityPage> => ({
      // The log grows without bound and is paged deep: a page turn goes by cursor (keyset).
      ...(await fetchListPage<ActivityResponse>(context, "/api/activity", params, page, pageSize, {
        keyset: true,
      })),
      params,
    }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}
