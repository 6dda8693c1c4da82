// Every route of spec part 1, section 2.1.
import { createBrowserRouter } from "react-router";
import { AccountsPage } from "@/client/features/accounts/accounts-page";
import { LoginPage } from "@/client/features/auth/login-page";
import { RequireAdmin, RequireAuth } from "@/client/features/auth/require-auth";
import { DashboardPage } from "@/client/features/dashboard/dashboard-page";
import { DirectoriesPage } from "@/client/features/directories/directories-page";
import { ExpensesPage } from "@/client/features/expenses/expenses-page";
import { GsuitePage } from "@/client/features/gsuite/gsuite-page";
import { HardwarePage } from "@/client/features/hardware/hardware-page";
import { HostingPage } from "@/client/features/hosting/hosting-page";
import { AssignmentsPage } from "@/client/features/licenses/assignments-page";
import { LicensesPage } from "@/client/features/licenses/licenses-page";
import { ProfilePage } from "@/client/features/profile/profile-page";
import { SettingsPage } from "@/client/features/settings/settings-page";
import { TrustReviewsPage } from "@/client/features/trust-reviews/trust-reviews-page";
import { UsersPage } from "@/client/features/users/users-page";
import { NotFoundPage } from "./not-found-page";
import { RootLayout } from "./root-layout";
import { AppShell } from "./shell/app-shell";

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
