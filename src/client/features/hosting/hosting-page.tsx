// /hosting (spec part 2, 'Hosting'): API Status, Cost Summary, a chart of monthly totals and the
// Droplet Costs, with the two fetch buttons. The buttons are disabled while a fetch is pending
// and while no DigitalOcean token is configured (status 'not_configured'); after a failed import
// (status 'error') they stay enabled, so the administrator can try again.
import { DownloadCloudIcon, RefreshCwIcon } from "lucide-react";
import { lazy, Suspense, useMemo } from "react";
import { ExportMenu } from "@/client/components/export-menu";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { notify } from "@/client/lib/notify";
import { HOSTING_NOT_CONFIGURED_MESSAGE } from "@/domain/schemas/hosting";
import {
  type HostingFetchKind,
  useHostingCosts,
  useHostingDroplets,
  useHostingFetch,
  useHostingStatus,
  useHostingSummary,
} from "./api";
import { groupCostsByMonth } from "./cost-groups";
import { DropletCostsCard } from "./droplet-costs-card";
import { hostingFetchFailed, hostingFetchSucceeded } from "./hosting-toasts";
import { HostingStatusCard } from "./status-card";
import { HostingSummaryCard } from "./summary-card";

const MonthlyTotalsChart = lazy(() => import("./monthly-totals-chart"));

export function HostingPage() {
  const status = useHostingStatus();
  const summary = useHostingSummary();
  const costs = useHostingCosts();
  const droplets = useHostingDroplets();
  const fetchCosts = useHostingFetch();
  const months = useMemo(
    () => (costs.data ? groupCostsByMonth(costs.data) : undefined),
    [costs.data],
  );

  const configured = status.data?.status === "configured" || status.data?.status === "error";
  const disabled = fetchCosts.isPending || !configured;
  const pendingKind = fetchCosts.isPending ? fetchCosts.variables : undefined;

  const start = (kind: HostingFetchKind) =>
    fetchCosts.mutate(kind, {
      onSuccess: (result) => notify.success(hostingFetchSucceeded(kind, result)),
      onError: (error) => notify.error(hostingFetchFailed(kind, error)),
    });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Hosting Resources</h2>
          <p className="text-sm text-muted-foreground">
            DigitalOcean droplets and what they cost, month by month.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* The costs list has no filters: the export holds every imported cost. */}
          <ExportMenu path="/api/hosting/costs/export" listQuery="" what="hosting costs" />
          <Button variant="outline" disabled={disabled} onClick={() => start("previous")}>
            <DownloadCloudIcon aria-hidden="true" />
            {pendingKind === "previous" ? "Fetching…" : "Fetch Previous Month"}
          </Button>
          <Button disabled={disabled} onClick={() => start("latest")}>
            <RefreshCwIcon
              aria-hidden="true"
              className={pendingKind === "latest" ? "animate-spin" : undefined}
            />
            {pendingKind === "latest" ? "Fetching…" : "Fetch This & Last Month"}
          </Button>
        </div>
      </div>

      {status.data?.status === "not_configured" && (
        <p role="note" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          {HOSTING_NOT_CONFIGURED_MESSAGE}
        </p>
      )}

      <HostingStatusCard status={status.data} isError={status.isError} />
      <HostingSummaryCard summary={summary.data} isError={summary.isError} />

      {months && months.length > 0 && (
        <Card role="region" aria-labelledby="monthly-totals-title">
          <CardHeader>
            <CardTitle id="monthly-totals-title" className="text-sm">
              Monthly Totals
            </CardTitle>
          </CardHeader>
          <CardContent>
            <Suspense
              fallback={<Skeleton className="h-64 w-full" aria-label="Loading the chart" />}
            >
              <MonthlyTotalsChart months={months} />
            </Suspense>
          </CardContent>
        </Card>
      )}

      <DropletCostsCard
        months={months}
        droplets={droplets.data}
        costsError={costs.isError}
        dropletsError={droplets.isError}
      />
    </div>
  );
}
