// Every route of spec part 1, section 2.1. The sign-in page, the guards and the shell load with
// the app; each page behind them is its own chunk (the shell shows a spinner while one loads).
import { createBrowserRouter } from "react-router";
import { LoginPage } from "@/client/features/auth/login-page";
import { RequireAdmin, RequireAuth } from "@/client/features/auth/require-auth";
import { lazyPage } from "./lazy-page";
import { NotFoundPage } from "./not-found-page";
import { RootLayout } from "./root-layout";
import { AppShell } from "./shell/app-shell";

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
const UsersPage = lazyPage(
  () => import("@/client/features/users/users-page"),
  (m) => m.UsersPage,
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

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: "/login", element: <LoginPage /> },
      {
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <DashboardPage /> },
          { path: "hardware/*", element: <HardwarePage /> },
          { path: "accounts/*", element: <AccountsPage /> },
          { path: "licenses/*", element: <LicensesPage /> },
          { path: "settings/*", element: <SettingsPage /> },
          { path: "profile/*", element: <ProfilePage /> },
          {
            element: <RequireAdmin />,
            children: [
              { path: "users/*", element: <UsersPage /> },
              { path: "gsuite-accounts/*", element: <GsuitePage /> },
              { path: "assignments/*", element: <AssignmentsPage /> },
              { path: "expenses/*", element: <ExpensesPage /> },
              { path: "directories/*", element: <DirectoriesPage /> },
              { path: "hosting/*", element: <HostingPage /> },
              { path: "trust-reviews/*", element: <TrustReviewsPage /> },
            ],
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
