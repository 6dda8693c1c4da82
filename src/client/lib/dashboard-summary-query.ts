// The dashboard summary's query, in a shared module of its own with nothing heavy in it: the route
// guard (in the first chunk) starts this request as soon as a signed-in user lands on "/", while
// the shell's and the dashboard's code are still on their way; the dashboard then finds it
// under the same key instead of starting it after its chunk has arrived.
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { DashboardSummaryResponse } from "@/domain/schemas/dashboard";

export const dashboardSummaryKey = (today: string) => ["/api/dashboard/summary", today] as const;

export const dashboardSummaryQuery = (viewerId: number, today: string) =>
  queryOptions({
    queryKey: [...dashboardSummaryKey(today), viewerId],
    queryFn: ({ signal }) =>
      api.get<DashboardSummaryResponse>(
        `/api/dashboard/summary?today=${encodeURIComponent(today)}`,
        { signal },
      ),
  });
