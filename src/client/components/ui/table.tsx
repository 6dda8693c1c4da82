import type * as React from "react";
import { useRef } from "react";
import { useColumnFit } from "@/client/hooks/use-column-fit";
import { useScrollEdges } from "@/client/hooks/use-scroll-edges";
import { cn } from "@/client/lib/utils";

// A scrolling box must take focus to be scrolled by keyboard, and then needs a role and a name.
const scrollingRegion = (label: string) => ({ role: "region", "aria-label": label, tabIndex: 0 });

/**
 * A table that fits its box at desktop widths and scrolls inside it below (decision 0047). From
 * 1280 px up, columns marked `giveWay` on their header and cells hide, level 1 first, until the
 * rest fits, so the columns a person acts on always show. Narrower, the table scrolls sideways
 * inside its box with its last column (the row's actions) pinned to the right edge and, in a box
 * wide enough for two pinned columns, its first (what the row is) to the left; a shade marks an
 * edge that hides columns (scroll bars alone are invisible with overlay scroll bars), and the box
 * becomes a focusable, named region, so a keyboard can scroll it too.
 */
export function Table({ className, ...props }: React.ComponentProps<"table">) {
  const box = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const edges = useScrollEdges(box);
  useColumnFit(box, table);
  const scrolls = edges.start || edges.end;
  const name = props["aria-label"] ?? "Table";
  return (
    <div data-slot="table-frame" className="@container/table relative w-full">
      <div
        ref={box}
        data-slot="table-container"
        data-scrolls={scrolls ? "" : undefined}
        data-hides-start={edges.start ? "" : undefined}
        data-hides-end={edges.end ? "" : undefined}
        {...(scrolls ? scrollingRegion(`${name}, scrolls sideways`) : {})}
        className="w-full overflow-x-auto [scrollbar-width:thin] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
      >
        <table
          ref={table}
          data-slot="table"
          className={cn("w-full caption-bottom text-sm", className)}
          {...props}
        />
      </div>
      <EdgeShade shown={edges.start} />
    </div>
  );
}

/**
 * The shade over the left edge of a scrolling table that hides columns there; the pinned last
 * column casts its own shadow over what it hides (styles.css).
 */
function EdgeShade({ shown }: { shown: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-slot="table-edge-start"
      className={cn(
        "pointer-events-none absolute inset-y-0 left-0 w-8 bg-gradient-to-r from-foreground/15 to-transparent transition-opacity duration-150",
        shown ? "opacity-100" : "opacity-0",
      )}
    />
  );
}

/**
 * Marks a column of lesser use (on its header and each of its cells): at desktop widths it hides
 * when the table would not fit otherwise, level 1 before level 2.
 */
export interface GiveWay {
  giveWay?: 1 | 2;
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return (
    <thead
      data-slot="table-header"
      className={cn("bg-muted/50 [&_tr]:border-b", className)}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return (
    <tbody
      data-slot="table-body"
      className={cn("[&_tr:last-child]:border-0", className)}
      {...props}
    />
  );
}

export function TableFooter({ className, ...props }: React.ComponentProps<"tfoot">) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn("border-t bg-muted/50 font-medium [&>tr]:last:border-b-0", className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        "border-b transition-colors hover:bg-muted/40 data-[state=selected]:bg-muted",
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, giveWay, ...props }: React.ComponentProps<"th"> & GiveWay) {
  return (
    <th
      data-slot="table-head"
      data-give-way={giveWay}
      className={cn(
        "h-10 px-3 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase [&:has([role=checkbox])]:pr-0",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, giveWay, ...props }: React.ComponentProps<"td"> & GiveWay) {
  return (
    <td
      data-slot="table-cell"
      data-give-way={giveWay}
      className={cn(
        "px-3 py-2.5 align-middle whitespace-nowrap [&:has([role=checkbox])]:pr-0",
        className,
      )}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return (
    <caption
      data-slot="table-caption"
      className={cn("mt-4 text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
