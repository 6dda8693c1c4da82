// The four stat cards and the by-type / by-location badges (spec part 2, 'Hardware Resources').
// The figures come from the server's summary call, counted in SQL over what the viewer may see.
import { ClipboardListIcon, LaptopIcon, PackageCheckIcon, UserCheckIcon } from "lucide-react";
import type * as React from "react";
import { Badge } from "@/client/components/ui/badge";
import { Card } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatCount } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import { hardwareTypeLabel } from "@/domain/hardware-types";
import type { HardwareSummaryResponse } from "@/domain/schemas/hardware";

function StatCard({
  title,
  value,
  icon,
}: {
  title: string;
  value?: number;
  icon: React.ReactNode;
}) {
  return (
    <Card className="flex-row items-center justify-between gap-3 p-4">
      <div>
        <div className="text-sm text-muted-foreground">{title}</div>
        <div className="text-2xl font-semibold tabular-nums">
          {value === undefined ? <Skeleton className="h-8 w-12" /> : formatCount(value)}
        </div>
      </div>
      <span aria-hidden="true" className="text-muted-foreground [&>svg]:size-6">
        {icon}
      </span>
    </Card>
  );
}

export function HardwareStats({ summary }: { summary: HardwareSummaryResponse | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatCard title="Total Hardware" value={summary?.total} icon={<LaptopIcon />} />
      <StatCard title="Available" value={summary?.available} icon={<PackageCheckIcon />} />
      <StatCard title="Assigned" value={summary?.assigned} icon={<UserCheckIcon />} />
      <StatCard
        title="Hardware Requests"
        value={summary?.pendingRequests}
        icon={<ClipboardListIcon />}
      />
    </div>
  );
}

interface BadgeGroupProps {
  title: string;
  counts: { key: string | null; count: number }[];
  label(key: string): string;
  selected: string;
  onSelect(key: string): void;
}

// A badge filters the list; pressing the selected one again clears the filter.
function BadgeGroup({ title, counts, label, selected, onSelect }: BadgeGroupProps) {
  return (
    <Card className="gap-2 p-4">
      <h3 className="text-sm font-medium">{title}</h3>
      <ul className="flex flex-wrap gap-2" aria-label={title}>
        {counts.map(({ key, count }) =>
          key === null ? null : (
            <li key={key}>
              <button
                type="button"
                aria-pressed={selected === key}
                onClick={() => onSelect(selected === key ? "" : key)}
                className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <Badge
                  variant={selected === key ? "default" : "secondary"}
                  className={cn("cursor-pointer")}
                >
                  {label(key)}: {formatCount(count)}
                </Badge>
              </button>
            </li>
          ),
        )}
      </ul>
    </Card>
  );
}

export function HardwareBadges({
  summary,
  type,
  location,
  onFilter,
}: {
  summary: HardwareSummaryResponse | undefined;
  type: string;
  location: string;
  onFilter(changes: { type?: string; location?: string }): void;
}) {
  if (!summary) return null;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <BadgeGroup
        title="Hardware by Type"
        counts={summary.byType}
        label={hardwareTypeLabel}
        selected={type}
        onSelect={(key) => onFilter({ type: key })}
      />
      <BadgeGroup
        title="Hardware by Location"
        counts={summary.byLocation}
        label={(key) => key}
        selected={location}
        onSelect={(key) => onFilter({ location: key })}
      />
    </div>
  );
}
