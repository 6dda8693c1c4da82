// What a dashboard card shows when the summary call failed: which part could not be loaded, the
// server's reason, and a retry of the one call every card reads.
import { Button } from "@/client/components/ui/button";
import type { DashboardSummaryQuery } from "./use-dashboard-summary";

export function SummaryFailure({ text, query }: { text: string; query: DashboardSummaryQuery }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-8 text-center">
      <p className="font-medium">{text}</p>
      {query.error && <p className="text-sm text-muted-foreground">{query.error.message}</p>}
      <Button variant="outline" onClick={() => query.refetch()}>
        Try again
      </Button>
    </div>
  );
}

/** True once the call failed and there is nothing earlier to show instead. */
export const summaryFailed = (query: DashboardSummaryQuery) => query.isError && !query.data;
