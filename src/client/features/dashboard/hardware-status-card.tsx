// Overview's Hardware Status card (spec part 1, section 2.6): available versus assigned with bars,
// and the count by type (the accessory type labelled 'Accessories'). For an ordinary user the
// figures are over what they may see: the free items and their own.
import { Laptop } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatCount } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import { hardwareStatusTypeLabel, sharePercent } from "@/domain/dashboard-figures";
import { SummaryFailure, summaryFailed } from "./summary-failure";
import type { DashboardSummaryQuery } from "./use-dashboard-summary";

export function HardwareStatusCard({
  query,
  isAdmin,
}: {
  query: DashboardSummaryQuery;
  isAdmin: boolean;
}) {
  const hardware = query.data?.hardware;
  let body: React.ReactNode;
  if (summaryFailed(query)) {
    body = <SummaryFailure text="Failed to load hardware. Please try again." query={query} />;
  } else if (!hardware) {
    body = (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  } else if (hardware.total === 0) {
    body = <EmptyState icon={<Laptop />} title="No hardware found." className="py-6" />;
  } else {
    body = (
      <div className="grid gap-5">
        <div className="grid gap-3">
          <Bar
            label="Available"
            value={hardware.available}
            total={hardware.total}
            className="bg-success"
          />
          <Bar
            label={isAdmin ? "Assigned" : "Assigned to You"}
            value={hardware.assigned}
            total={hardware.total}
            className="bg-primary"
          />
        </div>
        <div>
          <h4 className="mb-2 text-sm font-medium">By Type</h4>
          <ul aria-label="Hardware by type" className="flex flex-wrap gap-2">
            {hardware.byType.map((group) => (
              <li key={group.type}>
                <Link
                  to={`/hardware?type=${encodeURIComponent(group.type)}`}
                  className="inline-flex items-center gap-1.5 rounded-md border px-2 py-1 text-xs hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  {hardwareStatusTypeLabel(group.type)}
                  <span className="font-semibold tabular-nums">{formatCount(group.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    );
  }
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Hardware Status</CardTitle>
        <CardDescription>
          {isAdmin ? "Available and assigned items." : "Free items and the ones you hold."}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function Bar({
  label,
  value,
  total,
  className,
}: {
  label: string;
  value: number;
  total: number;
  className: string;
}) {
  const percent = sharePercent(value, total);
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between text-sm">
        <span>{label}</span>
        <span className="font-semibold tabular-nums">
          {formatCount(value)}
          <span className="font-normal text-muted-foreground"> of {formatCount(total)}</span>
        </span>
      </div>
      {/* The figures are in the text above; the bar only draws them. */}
      <div
        aria-hidden="true"
        data-percent={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn("h-full rounded-full", className)} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
