// Wires the global "unauthorised" handler to the router, then renders the matched route.
import * as React from "react";
import { Outlet, useNavigate } from "react-router";
import { useAuth } from "@/client/features/auth/auth-context";
import { FullPageSpinner } from "@/client/features/auth/require-auth";
import { saveReturnPath } from "@/client/features/auth/return-path";
import { handleGlobalError, setUnauthorizedHandler } from "./query-client";

export function RootLayout() {
  const navigate = useNavigate();
  const { checkAuth } = useAuth();

  React.useEffect(() => {
    setUnauthorizedHandler(() => {
      if (window.location.pathname === "/login") return;
      saveReturnPath(`${window.location.pathname}${window.location.search}`);
      // Re-reading the status ends the local session state too, so the guard agrees.
      void checkAuth(true);
      navigate("/login", { replace: true });
    });

    // Spec 2.1: any uncaught error about authorisation sends the user to sign in.
    const onRejection = (event: PromiseRejectionEvent) => handleGlobalError(event.reason);
    const onError = (event: ErrorEvent) => handleGlobalError(event.error ?? event.message);
    window.addEventListener("unhandledrejection", onRejection);
    window.addEventListener("error", onError);
    return () => {
      window.removeEventListener("unhandledrejection", onRejection);
      window.removeEventListener("error", onError);
    };
  }, [navigate, checkAuth]);

  // The sign-in page and the shell are chunks of their own (see router.tsx).
  return (
    <React.Suspense fallback={<FullPageSpinner message="Loading your dashboard..." />}>
      <Outlet />
    </React.Suspense>
  );
}
