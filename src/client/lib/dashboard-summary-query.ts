// The dashboard summary's query, in a shared module of its own with nothing heavy in it: the route
// guard (in the first chunk) starts this request as soon as a signed-in user lands on "/", while
// the shell's and the dashboard's code are still on their way; the dashboard then finds it
// under the same key instead of starting it after its chunk has arrived. On a load of "/" the
// request has started earlier still, beside the session check (lib/first-requests.ts): the
// first fetch takes that answer when it succeeded, and asks again when it did not.
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { summaryPath, takeEarlySummary } from "@/client/lib/first-requests";
import type { DashboardSummaryResponse } from "@/domain/schemas/dashboard";

export const dashboardSummaryKey = (today: string) => ["/api/dashboard/summary", today] as const;

export const dashboardSummaryQuery = (viewerId: number, today: string) =>
  queryOptions({
    queryKey: [...dashboardSummaryKey(today), viewerId],
    queryFn: async ({ signal }) => {
      const early = takeEarlySummary(today);
      if (early) {
        try {
          return await early;
        } catch {
          // Refused before the session was known, or failed: asked again below.
        }
      }
      return api.get<DashboardSummaryResponse>(summaryPath(today), { signal });
    },
  });
