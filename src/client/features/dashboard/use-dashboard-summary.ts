// The dashboard's data: one summary call (GET /api/dashboard/summary) computed by the server with
// LIMITs, instead of every license and every user downloaded to be counted here. Its key starts
// with the dashboard's path, which the licenses area's writes refresh (a renewal, edit or
// assignment anywhere updates the counts and tables). The route guard may have started it
// already (lib/dashboard-summary-query.ts).
import { useQuery } from "@tanstack/react-query";
import { dashboardSummaryQuery } from "@/client/lib/dashboard-summary-query";

export function useDashboardSummary(
  viewer: { id: number; isAdmin: boolean } | null,
  today: string,
) {
  return useQuery({
    ...dashboardSummaryQuery(viewer?.id ?? 0, today),
    enabled: viewer !== null,
    placeholderData: (previous) => previous,
  });
}

export type DashboardSummaryQuery = ReturnType<typeof useDashboardSummary>;
