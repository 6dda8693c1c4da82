// The signed-in layout: a skip link, the sidebar, the top bar and the current page.
import * as React from "react";
import { Outlet, useLocation } from "react-router";
import { Spinner } from "@/client/components/ui/spinner";
import { useAuth } from "@/client/features/auth/auth-context";
import { useDocumentTitle } from "@/client/hooks/use-document-title";
import { useMediaQuery } from "@/client/hooks/use-media-query";
import { cn } from "@/client/lib/utils";
import { SIDEBAR_BREAKPOINT_PX, sidebarOpenByDefault } from "../navigation";
import { documentTitle, titleForPath } from "../route-table";
import { PageErrorBoundary } from "./page-error-boundary";
import { Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";

const MAIN_ID = "main-content";

/** The shell around the current route's page, or around `children` (the 404 card). */
export function AppShell({ children }: { children?: React.ReactNode }) {
  const isLargeScreen = useMediaQuery(`(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`);
  const [open, setOpen] = React.useState(() => sidebarOpenByDefault(window.innerWidth));
  const { pathname, key } = useLocation();
  const mainRef = React.useRef<HTMLElement>(null);
  const { isAdmin } = useAuth();
  useDocumentTitle(documentTitle(titleForPath(pathname, isAdmin)));

  // After sign-in (and after any move within the app that took the focused element away, such as
  // a menu item) the focus would be left on the body: start at the page's content instead. Not on
  // a fresh load of the document (the router's first location, key "default"), where the body is
  // the browser's usual start and the skip link the first stop.
  React.useEffect(() => {
    if (key === "default") return;
    if (document.activeElement === document.body || document.activeElement === null) {
      mainRef.current?.focus({ preventScroll: true });
    }
  }, [key]);

  // Esc closes the sidebar where it covers the page (small screens); focus goes back to its button.
  React.useEffect(() => {
    if (isLargeScreen || !open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpen(false);
      document.querySelector<HTMLElement>('[aria-controls="app-sidebar"]')?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isLargeScreen, open]);

  // Crossing the breakpoint resets to that size's default.
  React.useEffect(() => {
    setOpen(isLargeScreen);
  }, [isLargeScreen]);

  const closeOnSmallScreen = React.useCallback(() => {
    if (window.innerWidth < SIDEBAR_BREAKPOINT_PX) setOpen(false);
  }, []);

  return (
    <div className="min-h-screen bg-background">
      <a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          // Focus moves without the router seeing a new address.
          event.preventDefault();
          mainRef.current?.focus();
        }}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
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
        <main
          id={MAIN_ID}
          ref={mainRef}
          tabIndex={-1}
          className="mx-auto w-full max-w-screen-2xl flex-1 p-4 outline-none md:p-6"
        >
          {/* Outside the error boundary, so moving to a page whose code is still loading keeps
              the current page on screen instead of flashing the spinner. */}
          <React.Suspense fallback={<PageLoading />}>
            <PageErrorBoundary key={pathname}>{children ?? <Outlet />}</PageErrorBoundary>
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
