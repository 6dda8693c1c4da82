// Needs Attention's second table (administrators): people SCIM deactivated under the 'hold'
// policy (decision 0060), with what they still hold, until someone finishes their offboarding
// from User Details (the link opens it). Shown only while someone waits.
import { UserX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { formatTimestamp } from "@/client/lib/format";
import { HOLDING_KIND_LABELS } from "@/domain/offboarding";
import type { HeldOffboarding } from "@/domain/schemas/scim";
import { type Column, SummaryTableCard } from "./summary-table-card";
import type { DashboardSummaryQuery } from "./use-dashboard-summary";

const COLUMNS: readonly Column[] = [
  { label: "Name" },
  { label: "Deactivated" },
  { label: "Holds" },
  { label: "Actions", className: "text-right" },
];

/** 'License seat: 2 · Hardware: 1', or 'Nothing' once all of it has gone. */
export function heldSummary(holdings: HeldOffboarding["holdings"]): string {
  if (holdings.length === 0) return "Nothing";
  return holdings.map(({ kind, count }) => `${HOLDING_KIND_LABELS[kind]}: ${count}`).join(" · ");
}

export function HeldOffboardings({ query }: { query: DashboardSummaryQuery }) {
  const held = query.data?.heldOffboardings;
  if (!held || held.total === 0) return null;
  return (
    <SummaryTableCard
      title="Offboardings to finish"
      description="People your identity provider deprovisioned through SCIM. What they hold is kept for review until someone finishes their offboarding."
      query={query}
      columns={COLUMNS}
      rowCount={held.items.length}
      total={held.total}
      failure="Failed to load offboardings."
      empty={{ icon: <UserX />, title: "No offboardings to finish." }}
    >
      {held.items.map((person) => (
        <TableRow key={person.userId}>
          <TableCell className="font-medium">
            <span>{person.displayName}</span>
            {person.displayName !== person.username && (
              <span className="block text-xs text-muted-foreground">{person.username}</span>
            )}
          </TableCell>
          <TableCell>{formatTimestamp(person.since)}</TableCell>
          <TableCell>{heldSummary(person.holdings)}</TableCell>
          <TableCell className="text-right">
            <Button size="sm" variant="outline" asChild>
              <Link to={person.link} aria-label={`Finish offboarding ${person.displayName}`}>
                Finish offboarding
              </Link>
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </SummaryTableCard>
  );
}
