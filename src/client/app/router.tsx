// Every route of spec part 1, section 2.1. Only the router, the guards and the auth state load
// with the app; the sign-in page, the shell and each page behind it are chunks of their own, so
// the sign-in page carries no shell, forms, menus or toasts, and the shell no sign-in page.
import { createBrowserRouter, type RouteObject } from "react-router";
import { RequireAdmin, RequireAuth } from "@/client/features/auth/require-auth";
import { DocumentTitle } from "./document-title";
import { type LazyPage, lazyPage } from "./lazy-page";
import { RootLayout } from "./root-layout";
import { LOGIN_TITLE, ROUTES, type RoutePath, routeForPath } from "./route-table";

const LoginPage = lazyPage(
  () => import("@/client/features/auth/login-page"),
  (m) => m.LoginPage,
);
const AppShell = lazyPage(
  () => import("./shell/app-shell"),
  (m) => m.AppShell,
);
const UnknownPathPage = lazyPage(
  () => import("./unknown-path-page"),
  (m) => m.UnknownPathPage,
);

const DashboardPage = lazyPage(
  () => import("@/client/features/dashboard/dashboard-page"),
  (m) => m.DashboardPage,
);
const HardwarePage = lazyPage(
  () => import("@/client/features/hardware/hardware-page"),
  (m) => m.HardwarePage,
);
const AccountsPage = lazyPage(
  () => import("@/client/features/accounts/accounts-page"),
  (m) => m.AccountsPage,
);
const LicensesPage = lazyPage(
  () => import("@/client/features/licenses/licenses-page"),
  (m) => m.LicensesPage,
);
const SettingsPage = lazyPage(
  () => import("@/client/features/settings/settings-page"),
  (m) => m.SettingsPage,
);
const ProfilePage = lazyPage(
  () => import("@/client/features/profile/profile-page"),
  (m) => m.ProfilePage,
);
// The Users page comes composed: its User Details shows every area's part (users-page.tsx here).
const UsersPage = lazyPage(
  () => import("./users-page"),
  (m) => m.UsersPageWithDetails,
);
const GsuitePage = lazyPage(
  () => import("@/client/features/gsuite/gsuite-page"),
  (m) => m.GsuitePage,
);
const AssignmentsPage = lazyPage(
  () => import("@/client/features/licenses/assignments-page"),
  (m) => m.AssignmentsPage,
);
const ExpensesPage = lazyPage(
  () => import("@/client/features/expenses/expenses-page"),
  (m) => m.ExpensesPage,
);
const DirectoriesPage = lazyPage(
  () => import("@/client/features/directories/directories-page"),
  (m) => m.DirectoriesPage,
);
const HostingPage = lazyPage(
  () => import("@/client/features/hosting/hosting-page"),
  (m) => m.HostingPage,
);
const TrustReviewsPage = lazyPage(
  () => import("@/client/features/trust-reviews/trust-reviews-page"),
  (m) => m.TrustReviewsPage,
);
const ActivityPage = lazyPage(
  () => import("@/client/features/activity/activity-page"),
  (m) => m.ActivityPage,
);

// Each path of the route table, exactly and case-sensitively (spec 2.1: any other path is the 404
// page, so /licenses/extra and /LICENSES are too). Typed by the table, so a route cannot lack a page.
const PAGES: Record<RoutePath, LazyPage> = {
  "/": DashboardPage,
  "/hardware": HardwarePage,
  "/accounts": AccountsPage,
  "/licenses": LicensesPage,
  "/settings": SettingsPage,
  "/profile": ProfilePage,
  "/users": UsersPage,
  "/gsuite-accounts": GsuitePage,
  "/assignments": AssignmentsPage,
  "/expenses": ExpensesPage,
  "/directories": DirectoriesPage,
  "/hosting": HostingPage,
  "/trust-reviews": TrustReviewsPage,
  "/activity": ActivityPage,
};

/**
 * Starts fetching the code the page at `pathname` shows (the sign-in page; or the shell and the
 * route's page), called as the entry starts (main.tsx): the chunks then load beside the session
 * check instead of after it. Code only: what the page may show is still the server's answer.
 * Settles (never rejects) when that code is in, or could not be fetched (the page's own load
 * then tries again and shows the failure).
 */
export async function preloadRoute(pathname: string): Promise<void> {
  if (pathname === "/login") return LoginPage.preload();
  const route = routeForPath(pathname);
  if (!route) return;
  await Promise.all([AppShell.preload(), PAGES[route.path as RoutePath].preload()]);
}

function pageRoute({ path }: { path: RoutePath }): RouteObject {
  const Page = PAGES[path];
  return path === "/"
    ? { index: true, element: <Page /> }
    : { path: path.slice(1), caseSensitive: true, element: <Page /> };
}

/**
 * The app's router. Made when main.tsx asks, after it has started the first requests: creating it
 * compiles every route's path and reads the session storage (React Router's view transitions), 80
 * ms on a slow machine that the chunks' fetch no longer waits behind (issue 30).
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        {
          path: "/login",
          caseSensitive: true,
          element: (
            <DocumentTitle title={LOGIN_TITLE}>
              <LoginPage />
            </DocumentTitle>
          ),
        },
        {
          element: (
            <RequireAuth>
              <AppShell />
            </RequireAuth>
          ),
          children: [
            ...ROUTES.filter((route) => !route.adminOnly).map(pageRoute),
            {
              element: <RequireAdmin />,
              children: ROUTES.filter((route) => route.adminOnly).map(pageRoute),
            },
          ],
        },
        { path: "*", element: <UnknownPathPage /> },
      ],
    },
  ]);
