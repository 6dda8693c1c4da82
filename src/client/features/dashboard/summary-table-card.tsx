// A dashboard card holding one table (licenses, hardware), with its loading, error and empty states.
import type * as React from "react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { formatCount } from "@/client/lib/format";
import { SummaryFailure, summaryFailed } from "./summary-failure";
import type { DashboardSummaryQuery } from "./use-dashboard-summary";

export interface Column {
  label: string;
  className?: string;
}

const LOADING_ROWS = [0, 1, 2];

export function SummaryTableCard({
  title,
  description,
  query,
  columns,
  rowCount,
  total,
  empty,
  failure = "Failed to load licenses.",
  footer,
  children,
}: {
  title: string;
  description: string;
  query: DashboardSummaryQuery;
  columns: readonly Column[];
  /** Rows the table would show; 0 shows the empty state. */
  rowCount: number;
  /** How many there are in all, when the server stopped the list at its limit. */
  total?: number;
  empty: { icon: React.ReactNode; title: string };
  /** What the error state says (the spec's wording for the area, where it has one). */
  failure?: string;
  /** Under the table once loaded (a link to the area's screen). */
  footer?: React.ReactNode;
  /** The rows, rendered once the licenses are loaded. */
  children: React.ReactNode;
}) {
  let body: React.ReactNode;
  if (summaryFailed(query)) {
    body = <SummaryFailure text={failure} query={query} />;
  } else if (query.data && rowCount === 0) {
    body = <EmptyState icon={empty.icon} title={empty.title} className="py-8" />;
  } else {
    body = (
      <Table
        aria-label={title}
        aria-busy={query.isPending}
        // Line the first and last columns up with the card's title.
        className="[&_td:first-child]:pl-6 [&_td:last-child]:pr-6 [&_th:first-child]:pl-6 [&_th:last-child]:pr-6"
      >
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.label} className={column.className}>
                {column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data
            ? children
            : LOADING_ROWS.map((row) => (
                <TableRow key={row}>
                  <TableCell colSpan={columns.length}>
                    <Skeleton className="h-6 w-full" />
                  </TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="px-0">
        {body}
        {query.data && total !== undefined && total > rowCount && (
          // The list is capped (DASHBOARD_LIST_LIMIT): say so rather than pass it off as all.
          <p className="px-6 pt-3 text-sm text-muted-foreground">
            Showing {formatCount(rowCount)} of {formatCount(total)}
          </p>
        )}
        {query.data && footer && <div className="px-6 pt-3">{footer}</div>}
      </CardContent>
    </Card>
  );
}
