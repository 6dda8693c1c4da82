// The top bar's search input look, shared by the plain box and the searching one that replaces it.
export const SEARCH_INPUT_CLASS =
  "h-9 w-full rounded-md border border-input bg-muted/40 pr-3 pl-9 text-sm outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:bg-card focus-visible:ring-[3px] focus-visible:ring-ring/40";
export const SEARCH_ICON_CLASS =
  "pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground";
