// The signed-in layout: sidebar, top bar and the current page.
import * as React from "react";
import { Outlet, useLocation } from "react-router";
import { Spinner } from "@/client/components/ui/spinner";
import { useMediaQuery } from "@/client/hooks/use-media-query";
import { cn } from "@/client/lib/utils";
import { SIDEBAR_BREAKPOINT_PX, sidebarOpenByDefault } from "../navigation";
import { PageErrorBoundary } from "./page-error-boundary";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";

export function AppShell() {
  const isLargeScreen = useMediaQuery(`(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`);
  const [open, setOpen] = React.useState(() => sidebarOpenByDefault(window.innerWidth));
  const { pathname } = useLocation();

  // Crossing the breakpoint resets to that size's default.
  React.useEffect(() => {
    setOpen(isLargeScreen);
  }, [isLargeScreen]);

  const closeOnSmallScreen = React.useCallback(() => {
    if (window.innerWidth < SIDEBAR_BREAKPOINT_PX) setOpen(false);
  }, []);

  return (
    <div className="min-h-screen bg-background">
      <Sidebar open={open} isLargeScreen={isLargeScreen} onNavigate={closeOnSmallScreen} />
      {!isLargeScreen && open && (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-black/40"
          onClick={() => setOpen(false)}
        />
      )}
      <div
        className={cn(
          "flex min-h-screen flex-col transition-[margin] duration-200",
          isLargeScreen && (open ? "ml-64" : "ml-20"),
        )}
      >
        <TopBar
          sidebarOpen={open}
          isLargeScreen={isLargeScreen}
          onToggleSidebar={() => setOpen((value) => !value)}
        />
        <main className="mx-auto w-full max-w-screen-2xl flex-1 p-4 md:p-6">
          {/* Outside the error boundary, so moving to a page whose code is still loading keeps
              the current page on screen instead of flashing the spinner. */}
          <React.Suspense fallback={<PageLoading />}>
            <PageErrorBoundary key={pathname}>
              <Outlet />
            </PageErrorBoundary>
          </React.Suspense>
        </main>
      </div>
    </div>
  );
}

/** While a page's code loads (the first visit to it). */
function PageLoading() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
