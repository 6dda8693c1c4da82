// Needs Attention's unused seats line (administrators, issue 33): how many license seats, office
// accounts and G Suite accounts are unused (the holder suspended or not signed in for
// UNUSED_AFTER_DAYS), what freeing them would save a month in the display currency, and links to
// the lists filtered to them. Shown only while there is something unused.
import { UserXIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { useDisplayCurrency } from "@/client/lib/display-currency";
import { formatCount, formatMoney } from "@/client/lib/format";
import type { DashboardSummaryQuery } from "./use-dashboard-summary";

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

export function UnusedSeats({ query }: { query: DashboardSummaryQuery }) {
  const { currency } = useDisplayCurrency();
  const unused = query.data?.unusedSeats;
  if (!unused || unused.total === 0) return null;
  const parts = [
    unused.seats > 0 ? plural(unused.seats, "license seat", "license seats") : "",
    unused.officeAccounts > 0
      ? plural(unused.officeAccounts, "office account", "office accounts")
      : "",
    unused.gsuiteAccounts > 0
      ? plural(unused.gsuiteAccounts, "G Suite account", "G Suite accounts")
      : "",
  ].filter(Boolean);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserXIcon aria-hidden="true" className="size-5" />
          Unused seats
        </CardTitle>
        <CardDescription>
          Holders suspended or not signed in for {plural(unused.unusedAfterDays, "day", "days")}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p data-testid="unused-seats-line">
          {parts.join(", ")} unused: freeing them would save{" "}
          <strong>{formatMoney(unused.monthlySavings[currency], currency)}</strong> a month.
        </p>
        <div className="flex flex-wrap gap-2">
          {unused.seats > 0 && (
            <>
              <Button size="sm" variant="outline" asChild>
                <Link to="/licenses?unused=true">Licenses with unused seats</Link>
              </Button>
              <Button size="sm" variant="outline" asChild>
                <Link to="/assignments?unused=true">Unused license seats</Link>
              </Button>
            </>
          )}
          {unused.officeAccounts > 0 && (
            <Button size="sm" variant="outline" asChild>
              <Link to="/accounts?unused=true">Unused office accounts</Link>
            </Button>
          )}
          {unused.gsuiteAccounts > 0 && (
            <Button size="sm" variant="outline" asChild>
              <Link to="/gsuite-accounts?tab=users&view=accounts&unused=true">
                Unused G Suite accounts
              </Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
