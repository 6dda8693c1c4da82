// Tabs (WAI-ARIA Authoring Practices "Tabs with Automatic Activation"): a tablist whose tabs are
// one tab stop (the selected one), moved between with the arrow keys, Home and End, selected as
// they are focused; each panel is rendered only while its tab is selected. Written here rather
// than with @radix-ui/react-tabs (decision 0053): the dashboard's first screen is tabs, and
// Radix's roving focus and collection came to 6.8 kB gzip of the 160 kB the first load may take.
// The API is the part of Radix's the screens use: value / defaultValue / onValueChange, triggers
// and panels by value, data-state="active" | "inactive" for the styles.
import * as React from "react";
import { cn } from "@/client/lib/utils";

interface TabsState {
  value: string | undefined;
  select(value: string): void;
  /** The ids tying a tab to its panel (aria-controls / aria-labelledby). */
  idOf(part: "tab" | "panel", value: string): string;
}

const TabsContext = React.createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = React.useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

interface TabsProps extends Omit<React.ComponentProps<"div">, "defaultValue" | "dir"> {
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
}

export function Tabs({
  value,
  defaultValue,
  onValueChange,
  className,
  children,
  ...props
}: TabsProps) {
  const [own, setOwn] = React.useState(defaultValue);
  const current = value ?? own;
  const base = React.useId();
  const state = React.useMemo<TabsState>(
    () => ({
      value: current,
      select(next) {
        if (next === current) return;
        setOwn(next);
        onValueChange?.(next);
      },
      idOf: (part, of) => `${base}-${part}-${of}`,
    }),
    [current, base, onValueChange],
  );
  return (
    <TabsContext.Provider value={state}>
      <div data-slot="tabs" className={cn("flex min-w-0 flex-col gap-3", className)} {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** The tabs the arrow keys move between: the list's enabled ones, in document order. */
function enabledTabs(list: HTMLElement) {
  return [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** Tabs wrap onto another line of their bar when it is narrow, never widening the page. */
export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn(
        "inline-flex min-h-9 w-fit max-w-full flex-wrap items-center justify-start rounded-lg bg-muted p-[3px] text-muted-foreground",
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        const move = MOVES[event.key];
        if (!move || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) {
          return;
        }
        const tabs = enabledTabs(event.currentTarget);
        const from = tabs.indexOf(event.target as HTMLButtonElement);
        if (from < 0 || tabs.length === 0) return;
        event.preventDefault();
        // Focusing a tab selects it (automatic activation), as a click would.
        const next = tabs[move(from, tabs.length)]!;
        next.focus();
        next.click();
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onClick,
  ...props
}: Omit<React.ComponentProps<"button">, "value"> & { value: string }) {
  const tabs = useTabs("TabsTrigger");
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf("tab", value)}
      aria-selected={selected}
      aria-controls={tabs.idOf("panel", value)}
      data-state={selected ? "active" : "inactive"}
      tabIndex={selected ? 0 : -1}
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex min-h-[calc(2.25rem-7px)] flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-3 py-1 text-sm font-medium whitespace-nowrap text-muted-foreground transition-[color,box-shadow] focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-1 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  className,
  ...props
}: React.ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs("TabsContent");
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf("panel", value)}
      aria-labelledby={tabs.idOf("tab", value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is a tab stop (WAI-ARIA APG Tabs), so a panel of plain text is reached from its tab by Tab
      tabIndex={0}
      data-state="active"
      data-slot="tabs-content"
      className={cn("flex-1 outline-none", className)}
      {...props}
    />
  );
}
