// Dashboard (spec part 1, section 2.6). Every figure and table comes from one summary call
// (GET /api/dashboard/summary), computed by the server with LIMITs; the route guard has usually
// started it before this code arrives.
import { ArrowRight, KeyRound, Laptop, Mail, Users } from "lucide-react";
import type * as React from "react";
import { lazy, Suspense, useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { useAuth } from "@/client/features/auth";
import { todayIso } from "@/domain/dates";
import { greetingForHour } from "./greeting";
import { HardwareInventory } from "./hardware-inventory";
import { HardwareStatusCard } from "./hardware-status-card";
import { OfficeAccountsCard } from "./office-accounts-card";
import { RecentlyAddedLicenses } from "./recently-added-licenses";
import { type DashboardSummaryQuery, useDashboardSummary } from "./use-dashboard-summary";
import { UserListCard } from "./user-list-card";

// The other tabs are not on the first paint: their code is fetched when one is first opened.
const NeedsAttention = lazy(() =>
  import("./needs-attention").then((module) => ({ default: module.NeedsAttention })),
);
const RenewsSoon = lazy(() =>
  import("./renews-soon").then((module) => ({ default: module.RenewsSoon })),
);
const QuickActions = lazy(() =>
  import("./quick-actions-panel").then((module) => ({ default: module.QuickActions })),
);
const tabFallback = <Skeleton aria-busy="true" className="h-48 w-full rounded-xl" />;

export function DashboardPage() {
  const { user, isAdmin } = useAuth();
  const navigate = useNavigate();
  // One date for the whole page, so every list and badge agrees.
  const today = useMemo(() => todayIso(), []);
  const licenses = useDashboardSummary(user ? { id: user.id, isAdmin } : null, today);
  if (!user) return null;
  const name = user.displayName || user.username;

  return (
    // One column that may shrink below its content's widest line (a grid track's default does not),
    // so a phone never scrolls the page sideways: the tab bar and the cards fit inside it instead.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={`${greetingForHour(new Date().getHours())}, ${name}`}
        description={
          isAdmin
            ? "Here is what is happening across your organization's IT."
            : "Here is what is assigned to you."
        }
        actions={
          <Button variant="outline" onClick={() => navigate("/profile")}>
            View Profile
          </Button>
        }
        className="mb-0"
      />
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="quick-actions">Quick Actions</TabsTrigger>
          {isAdmin && <TabsTrigger value="needs-attention">Needs Attention</TabsTrigger>}
          {isAdmin && <TabsTrigger value="renews-soon">Renews Soon</TabsTrigger>}
        </TabsList>
        <TabsContent value="overview">
          <Overview isAdmin={isAdmin} licenses={licenses} today={today} />
        </TabsContent>
        <TabsContent value="quick-actions">
          <Suspense fallback={tabFallback}>
            <QuickActions isAdmin={isAdmin} />
          </Suspense>
        </TabsContent>
        {isAdmin && (
          <TabsContent value="needs-attention">
            <Suspense fallback={tabFallback}>
              <NeedsAttention query={licenses} />
            </Suspense>
          </TabsContent>
        )}
        {isAdmin && (
          <TabsContent value="renews-soon">
            <Suspense fallback={tabFallback}>
              <RenewsSoon query={licenses} />
            </Suspense>
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}

function Overview({
  isAdmin,
  licenses,
  today,
}: {
  isAdmin: boolean;
  licenses: DashboardSummaryQuery;
  today: string;
}) {
  const countOf = (data: number | undefined): CountQuery => ({
    data,
    isPending: licenses.isPending,
    isError: licenses.isError && !licenses.data,
  });
  const summary = licenses.data;
  const licenseCount = countOf(summary?.licenses.total);
  // Administrators: every item; anyone else: the items they hold.
  const hardwareCount = countOf(isAdmin ? summary?.hardware.total : summary?.hardware.assigned);
  const accountCount = countOf(summary?.officeAccounts.total);
  const members = countOf(summary?.users?.total);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {/* An ordinary user has three cards: three to a row, so none is left alone on one. */}
      <div
        className={
          isAdmin ? "grid gap-4 sm:grid-cols-2 xl:grid-cols-4" : "grid gap-4 sm:grid-cols-3"
        }
      >
        <StatCard
          title={isAdmin ? "Total Licenses" : "My Licenses"}
          icon={<KeyRound />}
          to="/licenses"
          query={licenseCount}
        />
        <StatCard
          title={isAdmin ? "Hardware Items" : "My Hardware"}
          icon={<Laptop />}
          to="/hardware"
          query={hardwareCount}
        />
        <StatCard title="Office Accounts" icon={<Mail />} to="/accounts" query={accountCount} />
        {isAdmin && <StatCard title="Team Members" icon={<Users />} to="/users" query={members} />}
      </div>
      <div
        className={
          isAdmin
            ? "grid gap-6 lg:grid-cols-2 xl:grid-cols-3 [&>*]:min-w-0"
            : "grid gap-6 lg:grid-cols-2 [&>*]:min-w-0"
        }
      >
        <HardwareStatusCard query={licenses} isAdmin={isAdmin} />
        <OfficeAccountsCard query={licenses} isAdmin={isAdmin} />
        {isAdmin && <UserListCard query={licenses} />}
      </div>
      <HardwareInventory query={licenses} isAdmin={isAdmin} />
      {isAdmin && <RecentlyAddedLicenses query={licenses} today={today} />}
    </div>
  );
}

interface CountQuery {
  data?: number;
  isPending: boolean;
  isError: boolean;
}

function StatCard({
  title,
  icon,
  to,
  query,
}: {
  title: string;
  icon: React.ReactNode;
  to: string;
  query: CountQuery;
}) {
  let value: React.ReactNode;
  let note: string;
  if (query.isPending) {
    value = <Skeleton className="h-8 w-12" />;
    note = "Loading...";
  } else if (query.isError) {
    value = <span className="text-muted-foreground">—</span>;
    note = "Could not be loaded";
  } else {
    value = query.data ?? 0;
    note = "View all";
  }
  return (
    <Link
      to={to}
      className="group rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <Card className="h-full gap-3 transition-shadow group-hover:shadow-md">
        <CardHeader className="flex flex-row items-center justify-between">
          <CardDescription className="font-medium text-foreground/80">{title}</CardDescription>
          <div
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5"
          >
            {icon}
          </div>
        </CardHeader>
        <CardContent>
          <div className="text-3xl font-semibold tabular-nums">{value}</div>
          <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
            {note}
            {note === "View all" && <ArrowRight aria-hidden="true" className="size-3" />}
          </p>
        </CardContent>
      </Card>
    </Link>
  );
}
