// The dashboard's one data call (GET /api/dashboard/summary) in browser specs: which requests are
// it (for page.route, to answer it in the page), and an empty summary to answer with.
import type { DashboardSummaryResponse } from "@/domain/schemas/dashboard";

export const isSummaryCall = (url: URL) => url.pathname === "/api/dashboard/summary";

/** Nothing anywhere; `users` people counted (the signed-in one, for a list that shows it). */
export function emptySummary(users = 0): DashboardSummaryResponse {
  return {
    licenses: {
      total: 0,
      recentlyAdded: [],
      needsAttention: { items: [], total: 0 },
      renewsSoon: { items: [], total: 0 },
    },
    hardware: { total: 0, available: 0, assigned: 0, byType: [], inventory: [] },
    officeAccounts: { total: 0, byStatus: [], active: 0, monthlyExpense: { AUD: 0, USD: 0 } },
    users: { total: users, newest: [] },
    heldOffboardings: { items: [], total: 0 },
    unusedSeats: {
      seats: 0,
      officeAccounts: 0,
      gsuiteAccounts: 0,
      total: 0,
      monthlySavings: { AUD: 0, USD: 0 },
      unusedAfterDays: 60,
    },
  };
}
