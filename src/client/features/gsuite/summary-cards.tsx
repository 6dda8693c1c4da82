// The page's three summary cards (spec part 2, 'G Suite Accounts'), from GET /api/gsuite-summary.
import { Building2Icon, DollarSignIcon, UsersIcon } from "lucide-react";
import type * as React from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatCount } from "@/client/lib/format";
import type { GsuiteSummaryResponse } from "@/domain/schemas/gsuite";
import { formatGsuiteMoney } from "./gsuite-format";

interface SummaryCardsProps {
  summary: GsuiteSummaryResponse | undefined;
  isError: boolean;
}

function SummaryCard({
  title,
  icon,
  value,
  detail,
}: {
  title: string;
  icon: React.ReactNode;
  value: React.ReactNode;
  detail: React.ReactNode;
}) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
      </CardHeader>
      <CardContent>
        <div className="text-2xl font-bold tabular-nums">{value}</div>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </CardContent>
    </Card>
  );
}

export function SummaryCards({ summary, isError }: SummaryCardsProps) {
  const pending = (width: string) =>
    isError ? "—" : <Skeleton className={`h-7 ${width}`} aria-label="Loading" />;
  return (
    <section aria-label="Summary" className="grid gap-4 md:grid-cols-3">
      <SummaryCard
        title="Total Accounts"
        icon={<UsersIcon />}
        value={summary ? formatCount(summary.totalAccounts) : pending("w-16")}
        detail={
          summary
            ? `${formatCount(summary.activeAccounts)} active, ${formatCount(summary.unassignedAccounts)} unassigned`
            : isError
              ? "Error loading accounts. Please try refreshing."
              : "\u00a0"
        }
      />
      <SummaryCard
        title="Organizations & Plans"
        icon={<Building2Icon />}
        value={summary ? formatCount(summary.organizationCount) : pending("w-10")}
        detail={
          summary
            ? `${summary.organizationCount === 1 ? "organization" : "organizations"}, ${formatCount(summary.planCount)} ${summary.planCount === 1 ? "plan" : "plans"}`
            : "\u00a0"
        }
      />
      <SummaryCard
        title="Total Monthly Value"
        icon={<DollarSignIcon />}
        value={summary ? formatGsuiteMoney(summary.totalMonthlyValueAud) : pending("w-28")}
        detail={
          summary
            ? `Average ${formatGsuiteMoney(summary.averagePerAccountAud)} per account (AUD)`
            : "\u00a0"
        }
      />
    </section>
  );
}
