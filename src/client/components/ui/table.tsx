import type * as React from "react";
import { useRef } from "react";
import { useScrollEdges } from "@/client/hooks/use-scroll-edges";
import { cn } from "@/client/lib/utils";

// A scrolling box must take focus to be scrolled by keyboard, and then needs a role and a name.
const scrollingRegion = (label: string) => ({ role: "region", "aria-label": label, tabIndex: 0 });

/**
 * A table that scrolls sideways inside its box when it is wider, and shows it: a shade on each
 * edge that hides columns (scroll bars alone are invisible with overlay scroll bars), and the box
 * becomes a focusable, named region then, so a keyboard can scroll it too.
 */
export function Table({ className, ...props }: React.ComponentProps<"table">) {
  const box = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(box);
  const scrolls = edges.start || edges.end;
  const name = props["aria-label"] ?? "Table";
  return (
    <div data-slot="table-frame" className="relative w-full">
      <div
        ref={box}
        data-slot="table-container"
        data-scrolls={scrolls ? "" : undefined}
        {...(scrolls ? scrollingRegion(`${name}, scrolls sideways`) : {})}
        className="w-full overflow-x-auto [scrollbar-width:thin] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
      >
        <table
          data-slot="table"
          className={cn("w-full caption-bottom text-sm", className)}
          {...props}
        />
      </div>
      <EdgeShade side="start" shown={edges.start} />
      <EdgeShade side="end" shown={edges.end} />
    </div>
  );
}

/** The shade over an edge of a scrolling table that hides columns. */
function EdgeShade({ side, shown }: { side: "start" | "end"; shown: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-slot={`table-edge-${side}`}
      className={cn(
        "pointer-events-none absolute inset-y-0 w-8 from-foreground/15 to-transparent transition-opacity duration-150",
        side === "start" ? "left-0 bg-gradient-to-r" : "right-0 bg-gradient-to-l",
        shown ? "opacity-100" : "opacity-0",
      )}
    />
  );
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

export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        "h-10 px-3 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase [&:has([role=checkbox])]:pr-0",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return (
    <td
      data-slot="table-cell"
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
