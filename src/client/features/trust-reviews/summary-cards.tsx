// The four summary cards (spec part 2, 'Trust Reviews'), every figure from the server's summary
// call in the display currency: counts, the seat badge, and monthly and annual money.
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { formatMoney } from "@/client/lib/format";
import type { TrustReviewSummaryResponse } from "@/domain/schemas/trust-reviews";

export function TrustReviewSummaryCards({ summary }: { summary: TrustReviewSummaryResponse }) {
  const { counts, seats, currency } = summary;
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Card>
        <CardHeader>
          <CardTitle className="text-sm">Total Assignments</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-1">
          <p className="text-2xl font-semibold">{counts.total}</p>
          <p className="text-sm text-muted-foreground">
            {counts.active} active, {counts.inactive} inactive
          </p>
          <Badge
            className={seats.withinSeats ? "bg-green-700 text-white" : undefined}
            variant={seats.withinSeats ? "default" : "destructive"}
            aria-label={`Seats used: ${seats.used} of ${seats.total}${seats.withinSeats ? "" : ", over the seats of a license"}`}
          >
            {seats.used} / {seats.total} seats
          </Badge>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-sm">Payment Status</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-1 text-sm">
          <p>Paying: {counts.paying}</p>
          <p>Not Paying: {counts.notPaying}</p>
          <p>Partial: {counts.partial}</p>
          <p className="text-muted-foreground">Pending approvals: {counts.pendingApprovals}</p>
        </CardContent>
      </Card>
      <MoneyCard title="Monthly Financial Summary" figures={summary.monthly} currency={currency} />
      <MoneyCard title="Annual Financial Summary" figures={summary.annual} currency={currency} />
    </section>
  );
}

function MoneyCard({
  title,
  figures,
  currency,
}: {
  title: string;
  figures: TrustReviewSummaryResponse["monthly"];
  currency: TrustReviewSummaryResponse["currency"];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-sm">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        <p className="text-2xl font-semibold">
          Net: <Amount value={figures.net} currency={currency} />
        </p>
        <p>
          Revenue: <Amount value={figures.revenue} currency={currency} />
        </p>
        <p>
          Cost: <Amount value={figures.cost} currency={currency} />
        </p>
      </CardContent>
    </Card>
  );
}

/** An amount kept on one line: a narrow card must not break it between its sign and its digits. */
function Amount({
  value,
  currency,
}: {
  value: number;
  currency: TrustReviewSummaryResponse["currency"];
}) {
  return <span className="whitespace-nowrap tabular-nums">{formatMoney(value, currency)}</span>;
}
