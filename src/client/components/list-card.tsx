// The list kit's frame (anchor: bulletproof-react's discussions-list.tsx): one card that shows a
// list's loading placeholder, its load error with a retry, its empty state with the screen's own
// texts, or its rows, which the screen passes as children (a table or a grid of cards, written
// as plain JSX), with the pager under it.
import type * as React from "react";
import { useRef } from "react";
import { ListPager } from "@/client/components/list-pager";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { EmptyState, type EmptyStateProps } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import { type ListPage, pageCount } from "@/client/lib/pagination";
import { cn } from "@/client/lib/utils";

/** What the card needs of the list's query (a TanStack Query result fits). */
export interface ListQueryState {
  /** Undefined until the first page has arrived. */
  data: ListPage<unknown> | undefined;
  isError: boolean;
  error: Error | null;
  refetch(): unknown;
}

/** The page on screen, for the pager. */
export interface ListCardPage {
  /** What is paged, for the pager's landmark name ('Licenses pages'). */
  label: string;
  page: number;
  pageSize: number;
  offset: number;
  shown: number;
  total: number;
  /** The total is the server's estimate ('of about'). */
  estimated: boolean;
  onPageChange(page: number): void;
}

export interface ListCardProps {
  query: ListQueryState;
  /** The spec's empty state of this list (no row matches its search and filters). */
  empty: EmptyStateProps;
  /** Read by screen readers while the first page loads ('Loading licenses'). */
  loadingLabel: string;
  /** The spec's load failure text ('Failed to load licenses.'). */
  errorTitle: string;
  /** A line under it (the server's message), when the screen shows one. */
  errorDetail?: string;
  /** The pager, once there is something to page. */
  pager?: ListCardPage;
  /** The rows stand on the page without the card around them (a grid of cards). */
  bare?: boolean;
  className?: string;
  children: React.ReactNode;
}

export function ListCard({
  query,
  empty,
  loadingLabel,
  errorTitle,
  errorDetail,
  pager,
  bare = false,
  className,
  children,
}: ListCardProps) {
  const top = useRef<HTMLDivElement>(null);
  const frame = (content: React.ReactNode) => (
    <Card className={cn("gap-0 overflow-hidden py-0", className)}>{content}</Card>
  );

  let body: React.ReactNode;
  if (query.data === undefined && query.isError) {
    body = frame(
      <div role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <p className="font-medium">{errorTitle}</p>
        {errorDetail && <p className="text-sm text-muted-foreground">{errorDetail}</p>}
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>,
    );
  } else if (query.data === undefined) {
    body = frame(
      <div role="status" aria-label={loadingLabel} className="grid gap-2 p-4">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} className="h-10 w-full" />
        ))}
      </div>,
    );
  } else if (query.data.total === 0) {
    body = frame(<EmptyState {...empty} />);
  } else {
    body = bare ? children : frame(children);
  }

  return (
    <div ref={top} className="grid scroll-mt-4 gap-4">
      {body}
      {pager && pager.total > 0 && (
        <ListPager
          label={pager.label}
          page={pager.page}
          pageCount={pageCount(pager.total, pager.pageSize)}
          offset={pager.offset}
          shown={pager.shown}
          total={pager.total}
          estimated={pager.estimated}
          onPageChange={(page) => {
            pager.onPageChange(page);
            top.current?.scrollIntoView({ block: "nearest" });
          }}
        />
      )}
    </div>
  );
}
