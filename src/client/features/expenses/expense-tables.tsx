// One table per source with its 'No ... expense data available' empty state and the Export menu
// every list has: CSV, Excel or PDF of every row (the table shows the largest EXPENSE_TABLE_LIMIT).
import { ExportMenu } from "@/client/components/export-menu";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { formatCalendarDate, formatCount, formatFrequency } from "@/client/lib/format";
import { directoryFrequencyLabel } from "@/domain/directories";
import type { Currency } from "@/domain/enums";
import type {
  DisplayCurrencyCode,
  ExpenseSource,
  ExpenseSummaryResponse,
} from "@/domain/expenses/schemas";
import { formatMoney } from "@/domain/money/format";
import { money, SOURCE_LABELS } from "./expense-format";

export const EMPTY_TEXT: Record<ExpenseSource, string> = {
  licenses: "No license expense data available",
  directories: "No directory expense data available",
  gsuite: "No G Suite expense data available",
  hosting: "No hosting expense data available",
};

const own = (amount: number, currency: string) => formatMoney(amount, currency as Currency);

/** The export's query: the source, the display currency and the viewer's day, as on the page. */
const exportQuery = (source: ExpenseSource, currency: DisplayCurrencyCode, today: string) =>
  new URLSearchParams({ source, currency, today }).toString();

function SourceCard({
  source,
  summary,
  today,
  count,
  monthly,
  children,
}: {
  source: ExpenseSource;
  summary: ExpenseSummaryResponse;
  today: string;
  count: number;
  monthly: number;
  children: React.ReactNode;
}) {
  const title = `${SOURCE_LABELS[source]} Expenses`;
  return (
    <Card aria-label={title} role="region">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {money(monthly, summary.currency)} per month · {formatCount(count)}{" "}
          {source === "gsuite" ? "users" : source === "hosting" ? "months" : "items"}
        </p>
        <CardAction>
          <ExportMenu
            path="/api/expenses/export"
            listQuery={exportQuery(source, summary.currency, today)}
            what={`${SOURCE_LABELS[source]} expenses`}
            disabled={count === 0}
          />
        </CardAction>
      </CardHeader>
      <CardContent>
        {count === 0 ? <EmptyState title={EMPTY_TEXT[source]} /> : children}
      </CardContent>
    </Card>
  );
}

export function ExpenseTables({
  summary,
  today,
}: {
  summary: ExpenseSummaryResponse;
  today: string;
}) {
  const c = summary.currency;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {summary.licenses && (
        <SourceCard
          source="licenses"
          summary={summary}
          today={today}
          count={summary.licenses.rows.length === 0 ? 0 : summary.licenses.count}
          monthly={summary.licenses.monthly}
        >
          <Table aria-label="License expenses">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Payment</TableHead>
                <TableHead>Frequency</TableHead>
                <TableHead className="text-right">Monthly</TableHead>
                <TableHead className="text-right">Yearly</TableHead>
                <TableHead>Next Payment</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary.licenses.rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell className="font-medium">{row.name}</TableCell>
                  <TableCell>{own(row.amount, row.currency)}</TableCell>
                  <TableCell>{formatFrequency(row.frequency)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(row.monthly, c)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {row.yearly === null ? "N/A" : money(row.yearly, c)}
                  </TableCell>
                  <TableCell>
                    {row.nextPaymentDate ? formatCalendarDate(row.nextPaymentDate) : "N/A"}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </SourceCard>
      )}
      {summary.directories && (
        <SourceCard
          source="directories"
          summary={summary}
          today={today}
          count={summary.directories.count}
          monthly={summary.directories.monthly}
        >
          <Table aria-label="Directory expenses">
            <TableHeader>
              <TableRow>
                <TableHead>Directory Name</TableHead>
                <TableHead>Payment</TableHead>
                <TableHead>Frequency</TableHead>
                <TableHead className="text-right">Monthly</TableHead>
                <TableHead className="text-right">Yearly</TableHead>
                <TableHead>Next Payment</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary.directories.rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell className="font-medium">{row.name}</TableCell>
                  <TableCell>{own(row.amount, row.currency)}</TableCell>
                  <TableCell>
                    {row.isOneTime ? "One-time" : directoryFrequencyLabel(row.frequencyMonths)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{money(row.monthly, c)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(row.yearly, c)}</TableCell>
                  <TableCell>{formatCalendarDate(row.nextPaymentDate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </SourceCard>
      )}
      {summary.gsuite && (
        <SourceCard
          source="gsuite"
          summary={summary}
          today={today}
          count={summary.gsuite.count}
          monthly={summary.gsuite.monthly}
        >
          <Table aria-label="G Suite expenses">
            <TableHeader>
              <TableRow>
                <TableHead>Plan</TableHead>
                <TableHead className="text-right">Users</TableHead>
                <TableHead>Price per User</TableHead>
                <TableHead className="text-right">Monthly</TableHead>
                <TableHead className="text-right">Yearly</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary.gsuite.rows.map((row) => (
                <TableRow key={`${row.plan}-${row.currency}`}>
                  <TableCell className="font-medium">{row.plan}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatCount(row.users)}
                  </TableCell>
                  <TableCell>
                    {row.currency === "INR"
                      ? `₹${row.pricePerUser.toFixed(2)}`
                      : own(row.pricePerUser, row.currency)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{money(row.monthly, c)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(row.yearly, c)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </SourceCard>
      )}
      {summary.hosting && (
        <SourceCard
          source="hosting"
          summary={summary}
          today={today}
          count={summary.hosting.count}
          monthly={summary.hosting.monthly}
        >
          <Table aria-label="Hosting expenses">
            <TableHeader>
              <TableRow>
                <TableHead>Month</TableHead>
                <TableHead className="text-right">Droplets</TableHead>
                <TableHead className="text-right">Cost (USD)</TableHead>
                <TableHead className="text-right">Cost ({c})</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary.hosting.rows.map((row) => (
                <TableRow key={row.month}>
                  <TableCell className="font-medium">{row.month}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.droplets}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {own(row.amountUsd, "USD")}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{money(row.amount, c)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </SourceCard>
      )}
    </div>
  );
}
