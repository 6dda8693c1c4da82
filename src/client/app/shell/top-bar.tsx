// The top bar (spec part 1, section 2.4).
import { Menu, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { useLocation } from "react-router";
import { Button } from "@/client/components/ui/button";
import { useAuth } from "@/client/features/auth/auth-context";
import { useDisplayCurrency } from "@/client/lib/display-currency";
import { titleForPath } from "../route-table";
import { GlobalSearch } from "./global-search";
import { UserMenu } from "./user-menu";

export interface TopBarProps {
  sidebarOpen: boolean;
  isLargeScreen: boolean;
  onToggleSidebar: () => void;
}

export function TopBar({ sidebarOpen, isLargeScreen, onToggleSidebar }: TopBarProps) {
  const { pathname } = useLocation();
  const { isAdmin } = useAuth();
  const { currency, toggleCurrency } = useDisplayCurrency();
  const ToggleIcon = isLargeScreen ? (sidebarOpen ? PanelLeftClose : PanelLeftOpen) : Menu;

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b bg-card/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-card/80 md:px-6">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Toggle sidebar"
        aria-controls="app-sidebar"
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
      >
        <ToggleIcon aria-hidden="true" className="size-5" />
      </Button>
      <h1 className="min-w-0 truncate text-lg font-semibold tracking-tight">
        {titleForPath(pathname, isAdmin)}
      </h1>
      <div className="ml-auto flex items-center gap-2">
        <GlobalSearch className="hidden w-56 sm:block lg:w-72" />
        <Button
          variant="outline"
          size="sm"
          onClick={toggleCurrency}
          title={`Amounts are shown in ${currency}. Click to switch to ${currency === "AUD" ? "USD" : "AUD"}.`}
          className="min-w-16 font-semibold tabular-nums"
        >
          {currency}
        </Button>
        <UserMenu />
      </div>
    </header>
  );
}
