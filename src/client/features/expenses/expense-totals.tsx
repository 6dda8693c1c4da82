import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import type { ExpenseSummaryResponse } from "@/domain/expenses/schemas";
import { money } from "./expense-format";

/** The four totals of Expense Analysis, in the display currency. */
export function ExpenseTotals({ summary }: { summary: ExpenseSummaryResponse }) {
  const { totals, currency } = summary;
  const cards = [
    { title: "Monthly Expenses", value: money(totals.monthly, currency), note: "Per month" },
    { title: "Yearly Expenses", value: money(totals.yearly, currency), note: "12 × monthly" },
    {
      title: "Upcoming (30 days)",
      value: money(totals.upcoming30Days, currency),
      note: "Payments due in the next 30 days",
    },
    {
      title: "Average Cost per Seat",
      value:
        totals.averageCostPerSeat === null ? "N/A" : money(totals.averageCostPerSeat, currency),
      note: "License monthly total ÷ seats",
    },
  ];
  return (
    <section aria-label="Expense totals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.title} className="gap-2">
          <CardHeader>
            <CardDescription>{card.title}</CardDescription>
            <CardTitle className="text-2xl tabular-nums">
              <output aria-label={card.title}>{card.value}</output>
            </CardTitle>
          </CardHeader>
          <CardContent className="text-xs text-muted-foreground">{card.note}</CardContent>
        </Card>
      ))}
    </section>
  );
}
