// The route guard (spec part 1, section 2.2).
import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { Spinner } from "@/client/components/ui/spinner";
import { dashboardSummaryQuery } from "@/client/lib/dashboard-summary-query";
import { todayIso } from "@/domain/dates";
import { useAuth } from "./auth-context";
import { saveReturnPath } from "./return-path";

export const GUARD_REDIRECT_DELAY_MS = 300;
export const GUARD_TICK_MS = 5 * 60_000;

export function FullPageSpinner({ message }: { message: string }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-8 text-primary" label={message} />
      <p className="text-sm">{message}</p>
    </div>
  );
}

/** Renders the protected routes for a signed-in user; sends everyone else to /login. */
export function RequireAuth({ children }: { children?: React.ReactNode }) {
  const { status, checkAuth, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // Landing on the dashboard: its summary is fetched while the shell's and the dashboard's code
  // are still loading, not after (the page reads it under the same key).
  const viewerId = user?.id;
  const onDashboard = location.pathname === "/";
  React.useEffect(() => {
    if (status !== "authenticated" || viewerId === undefined || !onDashboard) return;
    void queryClient.prefetchQuery(dashboardSummaryQuery(viewerId, todayIso()));
  }, [status, viewerId, onDashboard, queryClient]);

  React.useEffect(() => {
    if (status !== "unauthenticated") return;
    const timer = setTimeout(() => {
      // Already on the sign-in page (a log-out got there first): nothing to come back to.
      if (window.location.pathname === "/login") return;
      saveReturnPath(`${location.pathname}${location.search}`);
      navigate("/login", { replace: true });
    }, GUARD_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, location.pathname, location.search, navigate]);

  // Notices a session that expired or was revoked while the page stayed open.
  React.useEffect(() => {
    const timer = setInterval(() => void checkAuth(), GUARD_TICK_MS);
    return () => clearInterval(timer);
  }, [checkAuth]);

  if (status !== "authenticated") return <FullPageSpinner message="Loading your dashboard..." />;
  return children ?? <Outlet />;
}

/** Administrator-only pages: everyone else is sent to the dashboard. */
export function RequireAdmin({ children }: { children?: React.ReactNode }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
