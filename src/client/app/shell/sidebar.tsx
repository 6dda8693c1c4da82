// The sidebar (spec part 1, section 2.3).
import { Boxes, LogIn } from "lucide-react";
import { Suspense } from "react";
import { Link, useLocation } from "react-router";
import { Avatar, AvatarFallback } from "@/client/components/ui/avatar";
import { useAuth } from "@/client/features/auth/auth-context";
import { cn } from "@/client/lib/utils";
import { lazyPage } from "../lazy-page";
import { activeNavEntry, visibleNavEntries } from "../navigation";
import { NAV_ICONS } from "./nav-icons";
import { userInitial } from "./user-initial";

// Tooltips only serve the collapsed sidebar: their code comes when it is first collapsed.
const NavLinkTooltip = lazyPage(
  () => import("./nav-link-tooltip"),
  (m) => m.NavLinkTooltip,
);

export interface SidebarProps {
  open: boolean;
  isLargeScreen: boolean;
  onNavigate: () => void;
}

export function Sidebar({ open, isLargeScreen, onNavigate }: SidebarProps) {
  const { user, isAdmin } = useAuth();
  const { pathname } = useLocation();
  const entries = visibleNavEntries(isAdmin);
  const active = activeNavEntry(entries, pathname);
  // Icons only when collapsed on a large screen; on a small screen a closed sidebar is hidden.
  const iconsOnly = isLargeScreen && !open;
  const hidden = !isLargeScreen && !open;

  return (
    <aside
      id="app-sidebar"
      aria-label="Sidebar"
      hidden={hidden}
      className={cn(
        "fixed inset-y-0 left-0 z-40 flex flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200",
        iconsOnly ? "w-20" : "w-64",
        !isLargeScreen && "shadow-xl",
      )}
    >
      <div
        className={cn(
          "flex h-16 shrink-0 items-center gap-3 border-b border-sidebar-border",
          iconsOnly ? "justify-center px-2" : "px-5",
        )}
      >
        <div className="flex size-9 items-center justify-center rounded-lg bg-sidebar-primary text-white">
          <Boxes aria-hidden="true" className="size-5" />
        </div>
        {!iconsOnly && (
          <div className="leading-tight">
            <p className="text-sm font-semibold">Quartermaster</p>
            <p className="text-xs text-sidebar-muted">IT assets &amp; spend</p>
          </div>
        )}
      </div>

      <nav aria-label="Main navigation" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          {entries.map((entry) => {
            const Icon = NAV_ICONS[entry.key];
            const isActive = entry.key === active?.key;
            const link = (
              <Link
                to={entry.path}
                onClick={onNavigate}
                aria-current={isActive ? "page" : undefined}
                className={cn(
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                  "hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-sidebar-primary focus-visible:outline-none",
                  isActive
                    ? "bg-sidebar-primary text-white shadow-sm hover:bg-sidebar-primary hover:text-white"
                    : "text-sidebar-foreground/80",
                  iconsOnly && "justify-center px-0",
                )}
              >
                <Icon aria-hidden="true" className="size-[18px] shrink-0" />
                <span className={cn(iconsOnly && "sr-only")}>{entry.label}</span>
              </Link>
            );
            return (
              <li key={entry.key}>
                {iconsOnly ? (
                  <Suspense fallback={link}>
                    <NavLinkTooltip label={entry.label}>{link}</NavLinkTooltip>
                  </Suspense>
                ) : (
                  link
                )}
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="shrink-0 border-t border-sidebar-border p-3">
        {user ? (
          <div
            className={cn(
              "flex items-center gap-3 rounded-md px-2 py-2",
              iconsOnly && "justify-center px-0",
            )}
            title={iconsOnly ? user.displayName || user.username : undefined}
          >
            <Avatar className="size-9">
              <AvatarFallback className="bg-sidebar-primary text-white">
                {userInitial(user)}
              </AvatarFallback>
            </Avatar>
            {!iconsOnly && (
              <div className="min-w-0 leading-tight">
                <p className="truncate text-sm font-medium">{user.displayName || user.username}</p>
                <p className="text-xs text-sidebar-muted">{isAdmin ? "Administrator" : "User"}</p>
              </div>
            )}
          </div>
        ) : (
          <Link
            to="/login"
            className={cn(
              "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-sidebar-accent",
              iconsOnly && "justify-center px-0",
            )}
          >
            <LogIn aria-hidden="true" className="size-[18px]" />
            <span className={cn(iconsOnly && "sr-only")}>Sign In</span>
          </Link>
        )}
      </div>
    </aside>
  );
}
