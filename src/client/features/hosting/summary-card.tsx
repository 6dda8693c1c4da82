// The Cost Summary card: Current Month (with days passed of days in month), Projected Total with
// the percent-change badge and increase or decrease text, Previous Month and All-Time Total.
import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatMoney } from "@/client/lib/format";
import { monthLabel } from "@/domain/hosting";
import type { HostingSummaryResponse } from "@/domain/schemas/hosting";

function Figure({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="grid content-start gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{formatMoney(value, "USD")}</dd>
      {children && <dd className="grid gap-1 text-sm text-muted-foreground">{children}</dd>}
    </div>
  );
}

export function HostingSummaryCard({
  summary,
  isError,
}: {
  summary: HostingSummaryResponse | undefined;
  isError: boolean;
}) {
  return (
    <Card role="region" aria-labelledby="hosting-summary-title">
      <CardHeader>
        <CardTitle id="hosting-summary-title" className="text-sm">
          Cost Summary
        </CardTitle>
      </CardHeader>
      <CardContent>
        {summary ? (
          <dl className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
            <Figure label="Current Month" value={summary.current_month.total}>
              <span>
                {monthLabel(summary.current_month.month)}: {summary.current_month.days_passed} of{" "}
                {summary.current_month.days_in_month} days
              </span>
            </Figure>
            <Figure label="Projected Total" value={summary.current_month.predicted}>
              <PercentChange change={summary.percent_change} />
            </Figure>
            <Figure label="Previous Month" value={summary.previous_month.total}>
              <span>{monthLabel(summary.previous_month.month)}</span>
            </Figure>
            <Figure label="All-Time Total" value={summary.all_time_total} />
          </dl>
        ) : isError ? (
          <p role="alert" className="text-sm text-destructive">
            Error loading summary
          </p>
        ) : (
          <Skeleton className="h-20 w-full" aria-label="Loading the summary" />
        )}
      </CardContent>
    </Card>
  );
}

function PercentChange({ change }: { change: HostingSummaryResponse["percent_change"] }) {
  if (change.formatted === "N/A") {
    return <span>No previous month to compare with</span>;
  }
  const Icon = change.is_increase ? ArrowUpIcon : ArrowDownIcon;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Badge variant={change.is_increase ? "destructive" : "success"}>
        <Icon aria-hidden="true" />
        {change.formatted}
      </Badge>
      <span>{change.is_increase ? "increase" : "decrease"} from last month</span>
    </span>
  );
}
