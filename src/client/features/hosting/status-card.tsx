// The API Status card: whether a DigitalOcean token is configured, the last import's outcome
// (the message of a failed one) and when the last import ran, the daily refresh's included.
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatTimestamp } from "@/client/lib/format";
import type { HostingStatusResponse } from "@/domain/schemas/hosting";

const BADGES: Record<
  HostingStatusResponse["status"],
  { label: string; variant: "success" | "secondary" | "destructive" }
> = {
  configured: { label: "Configured", variant: "success" },
  not_configured: { label: "Not configured", variant: "secondary" },
  error: { label: "Error", variant: "destructive" },
};

export function HostingStatusCard({
  status,
  isError,
}: {
  status: HostingStatusResponse | undefined;
  isError: boolean;
}) {
  return (
    <Card role="region" aria-labelledby="hosting-status-title">
      <CardHeader>
        <CardTitle id="hosting-status-title" className="text-sm">
          API Status
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {status ? (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={BADGES[status.status].variant}>{BADGES[status.status].label}</Badge>
              {status.importing && (
                <span className="text-muted-foreground">An import is running…</span>
              )}
            </div>
            <p data-testid="hosting-status-message">{status.message}</p>
            <p className="text-muted-foreground">
              {status.last_import
                ? `Last import: ${formatTimestamp(status.last_import.finished_at)} (${
                    status.last_import.trigger === "scheduled" ? "daily refresh" : "manual"
                  }, ${status.last_import.outcome === "success" ? "succeeded" : "failed"})`
                : "No import has run yet."}
            </p>
            {status.last_success_at && status.last_import?.outcome === "error" && (
              <p className="text-muted-foreground">
                Last successful import: {formatTimestamp(status.last_success_at)}
              </p>
            )}
          </>
        ) : isError ? (
          <p role="alert" className="text-destructive">
            Error checking API status
          </p>
        ) : (
          <Skeleton className="h-12 w-full" aria-label="Loading the API status" />
        )}
      </CardContent>
    </Card>
  );
}
