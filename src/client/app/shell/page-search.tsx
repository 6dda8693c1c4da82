// The top bar's search box once it is in use (global-search.tsx shows a plain one until then). The
// spec leaves its behaviour open; here it jumps to a page by name (only pages the signed-in user
// may open), which is honest and useful until search lands.
import { Command as CommandPrimitive } from "cmdk";
import { Search } from "lucide-react";
import * as React from "react";
import { useNavigate } from "react-router";
import { useAuth } from "@/client/features/auth/auth-context";
import { cn } from "@/client/lib/utils";
import { visibleNavEntries } from "../navigation";
import { NAV_ICONS } from "./nav-icons";
import { SEARCH_ICON_CLASS, SEARCH_INPUT_CLASS } from "./search-box-style";

export function PageSearch({ className }: { className?: string }) {
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const [query, setQuery] = React.useState("");
  const entries = visibleNavEntries(isAdmin);
  const open = query.trim() !== "";

  function go(path: string) {
    setQuery("");
    navigate(path);
  }

  return (
    <CommandPrimitive
      label="Search"
      shouldFilter
      className={cn("relative", className)}
      onKeyDown={(event) => {
        if (event.key === "Escape") setQuery("");
      }}
    >
      <Search aria-hidden="true" className={SEARCH_ICON_CLASS} />
      <CommandPrimitive.Input
        aria-label="Search"
        placeholder="Search..."
        value={query}
        onValueChange={setQuery}
        onBlur={() => setTimeout(() => setQuery(""), 150)}
        // It replaces the plain box the user just focused.
        autoFocus
        className={SEARCH_INPUT_CLASS}
      />
      <CommandPrimitive.List
        aria-label="Pages"
        // Keeps focus in the input so a click on a result is not lost to the blur handler.
        onMouseDown={(event) => event.preventDefault()}
        className={cn(
          "absolute top-full right-0 left-0 z-50 mt-1 overflow-hidden rounded-md border bg-popover p-1 shadow-md",
          !open && "hidden",
        )}
      >
        <CommandPrimitive.Empty className="px-2 py-1.5 text-sm text-muted-foreground">
          No matching page.
        </CommandPrimitive.Empty>
        {entries.map((entry) => {
          const Icon = NAV_ICONS[entry.key];
          return (
            <CommandPrimitive.Item
              key={entry.key}
              value={entry.label}
              onSelect={() => go(entry.path)}
              className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
            >
              <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
              {entry.label}
            </CommandPrimitive.Item>
          );
        })}
      </CommandPrimitive.List>
    </CommandPrimitive>
  );
}
