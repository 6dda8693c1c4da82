// The User Details dialog's tabs all show one user's holdings of an area the same way: two
// skeleton rows while loading, the load error, the area's empty text, else the area's table.
import type * as React from "react";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";

interface HoldingsQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

export function HoldingsList<T>({
  query,
  icon,
  failedTitle,
  emptyTitle,
  emptyDescription,
  children,
}: {
  query: HoldingsQuery<T>;
  icon: React.ReactNode;
  failedTitle: string;
  emptyTitle: string;
  emptyDescription: string;
  children: (items: T[]) => React.ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-2 py-2">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return <EmptyState icon={icon} title={failedTitle} description={query.error?.message} />;
  }
  if (query.data.length === 0) {
    return <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} />;
  }
  return children(query.data);
}
