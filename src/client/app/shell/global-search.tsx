// The top bar's search box: a plain input until it is first focused, then the searching one
// (page-search.tsx, with cmdk), fetched at that moment so the first screen does not wait for it.
import { Search } from "lucide-react";
import * as React from "react";
import { cn } from "@/client/lib/utils";
import { lazyPage } from "../lazy-page";
import { SEARCH_ICON_CLASS, SEARCH_INPUT_CLASS } from "./search-box-style";

const PageSearch = lazyPage(
  () => import("./page-search"),
  (m) => m.PageSearch,
);

export function GlobalSearch({ className }: { className?: string }) {
  const [active, setActive] = React.useState(false);
  const plain = (
    <div className={cn("relative", className)}>
      <Search aria-hidden="true" className={SEARCH_ICON_CLASS} />
      <input
        aria-label="Search"
        placeholder="Search..."
        className={SEARCH_INPUT_CLASS}
        onFocus={() => setActive(true)}
      />
    </div>
  );
  if (!active) return plain;
  return (
    <React.Suspense fallback={plain}>
      <PageSearch className={className} />
    </React.Suspense>
  );
}
