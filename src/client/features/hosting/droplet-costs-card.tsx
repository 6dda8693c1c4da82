// The Droplet Costs card: costs grouped by month, newest first, each with its monthly total and a
// table of droplet, project and cost in USD. With no costs, the known droplets ('N droplets',
// cost 'No data') with a hint to fetch.
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { formatMoney } from "@/client/lib/format";
import { monthLabel } from "@/domain/hosting";
import type { HostingDroplet } from "@/domain/schemas/hosting";
import type { CostMonth } from "./cost-groups";

export function DropletCostsCard({
  months,
  droplets,
  costsError,
  dropletsError,
}: {
  months: CostMonth[] | undefined;
  droplets: HostingDroplet[] | undefined;
  costsError: boolean;
  dropletsError: boolean;
}) {
  return (
    <Card role="region" aria-labelledby="droplet-costs-title">
      <CardHeader>
        <CardTitle id="droplet-costs-title" className="text-sm">
          Droplet Costs
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        {costsError ? (
          <p role="alert" className="text-sm text-destructive">
            Error loading costs
          </p>
        ) : !months ? (
          <Skeleton className="h-32 w-full" aria-label="Loading the costs" />
        ) : months.length > 0 ? (
          months.map((group) => <MonthCosts key={group.month} group={group} />)
        ) : (
          <KnownDroplets droplets={droplets} isError={dropletsError} />
        )}
      </CardContent>
    </Card>
  );
}

function MonthCosts({ group }: { group: CostMonth }) {
  const headingId = `droplet-costs-${group.month}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-semibold">
          {monthLabel(group.month)}
        </h4>
        <p className="text-sm">
          Monthly total:{" "}
          <span className="font-semibold tabular-nums">{formatMoney(group.total, "USD")}</span>
        </p>
      </div>
      <Table aria-label={`Droplet costs, ${monthLabel(group.month)}`} className="table-fixed">
        <TableHeader>
          <TableRow>
            <TableHead className="w-1/2">Droplet</TableHead>
            <TableHead className="w-1/3">Project</TableHead>
            <TableHead className="text-right">Cost (USD)</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {group.rows.map((row) => (
            <TableRow key={row.droplet_id}>
              <TableCell className="font-medium">{row.name}</TableCell>
              <TableCell>{row.project ?? "—"}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatMoney(row.amount_usd, "USD")}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function KnownDroplets({
  droplets,
  isError,
}: {
  droplets: HostingDroplet[] | undefined;
  isError: boolean;
}) {
  if (isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Error loading droplets
      </p>
    );
  }
  if (!droplets) return <Skeleton className="h-24 w-full" aria-label="Loading the droplets" />;
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        No cost data yet. Fetch costs from DigitalOcean with 'Fetch This &amp; Last Month'.
      </p>
      <p className="font-semibold">
        {droplets.length} {droplets.length === 1 ? "droplet" : "droplets"}
      </p>
      {droplets.length > 0 && (
        <Table aria-label="Known droplets" className="table-fixed">
          <TableHeader>
            <TableRow>
              <TableHead className="w-1/2">Droplet</TableHead>
              <TableHead className="w-1/3">Project</TableHead>
              <TableHead className="text-right">Cost (USD)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {droplets.map((droplet) => (
              <TableRow key={droplet.droplet_id}>
                <TableCell className="font-medium">{droplet.name}</TableCell>
                <TableCell>{droplet.project ?? "—"}</TableCell>
                <TableCell className="text-right text-muted-foreground">No data</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
