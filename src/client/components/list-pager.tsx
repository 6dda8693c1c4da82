import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { pageRangeText } from "@/client/lib/pagination";

interface ListPagerProps {
  /** What is paged, for the navigation landmark's name ('Licenses pages'). */
  label: string;
  page: number;
  pageCount: number;
  /** The rows on screen: where they start, how many, out of how many. */
  offset: number;
  shown: number;
  total: number;
  /** The total is the server's estimate: 'of about 1,230,000'. */
  estimated?: boolean;
  onPageChange(page: number): void;
}

/** 'Showing 1–50 of 2,000' with Previous and Next, each disabled at its end of the list. */
export function ListPager({
  label,
  page,
  pageCount,
  offset,
  shown,
  total,
  estimated = false,
  onPageChange,
}: ListPagerProps) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {pageRangeText(offset, shown, total, estimated)}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label="Next page"
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
