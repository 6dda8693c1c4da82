// Overview's Office Accounts card (spec part 1, section 2.6): how many accounts are active, and
// for administrators what the active ones cost a month, in the top bar's display currency (the
// summary carries both currencies, so the toggle needs no new request).
import { Mail } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useDisplayCurrency } from "@/client/lib/display-currency";
import { formatCount, formatMoney } from "@/client/lib/format";
import { SummaryFailure, summaryFailed } from "./summary-failure";
import type { DashboardSummaryQuery } from "./use-dashboard-summary";

export function OfficeAccountsCard({
  query,
  isAdmin,
}: {
  query: DashboardSummaryQuery;
  isAdmin: boolean;
}) {
  const { currency } = useDisplayCurrency();
  const accounts = query.data?.officeAccounts;
  let body: React.ReactNode;
  if (summaryFailed(query)) {
    body = <SummaryFailure text="Failed to load accounts. Please try again." query={query} />;
  } else if (!accounts) {
    body = <Skeleton aria-busy="true" className="h-16 w-full" />;
  } else if (accounts.total === 0) {
    body = <EmptyState icon={<Mail />} title="No accounts found." className="py-6" />;
  } else {
    body = (
      <dl className="grid grid-cols-2 gap-4">
        <Figure label="Active Accounts">
          {formatCount(accounts.active)}
          <span className="text-sm font-normal text-muted-foreground">
            {" "}
            of {formatCount(accounts.total)}
          </span>
        </Figure>
        {isAdmin && accounts.monthlyExpense && (
          <Figure label="Monthly Expense">
            {formatMoney(accounts.monthlyExpense[currency], currency)}
          </Figure>
        )}
      </dl>
    );
  }
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Office Accounts</CardTitle>
        <CardDescription>
          {isAdmin ? "Active subscriptions and what they cost." : "The accounts assigned to you."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {body}
        {accounts && (
          <Link to="/accounts" className="text-sm font-medium text-primary hover:underline">
            View all accounts
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{children}</dd>
    </div>
  );
}
