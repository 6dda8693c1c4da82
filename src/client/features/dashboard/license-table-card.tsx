// A dashboard card holding one table of licenses, with its loading, error and empty states.
import type * as React from "react";
import { Button } from "@/client/components/ui/button";
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
import type { DashboardLicensesQuery } from "./use-dashboard-licenses";

export interface Column {
  label: string;
  className?: string;
}

const LOADING_ROWS = [0, 1, 2];

export function LicenseTableCard({
  title,
  description,
  query,
  columns,
  rowCount,
  total,
  empty,
  children,
}: {
  title: string;
  description: string;
  query: DashboardLicensesQuery;
  columns: readonly Column[];
  /** Rows the table would show; 0 shows the empty state. */
  rowCount: number;
  /** How many there are in all, when the server stopped the list at its limit. */
  total?: number;
  empty: { icon: React.ReactNode; title: string };
  /** The rows, rendered once the licenses are loaded. */
  children: React.ReactNode;
}) {
  let body: React.ReactNode;
  if (query.isError && !query.data) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 px-6 py-8 text-center">
        <p className="font-medium">Failed to load licenses.</p>
        <p className="text-sm text-muted-foreground">{query.error.message}</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
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
      </CardContent>
    </Card>
  );
}
