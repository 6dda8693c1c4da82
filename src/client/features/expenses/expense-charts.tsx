// The charts of Expense Analysis: spend by source over the last 12 and next 12 months, and the
// largest costs. Recharts is heavy, so this module is only ever imported lazily (expenses-page).
// Each chart is one image to assistive technology, named by its figures' meaning; the same
// figures are in the tables and the largest-costs list as text.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { EXPENSE_SOURCES, type ExpenseSummaryResponse } from "@/domain/expenses/schemas";
import { money, SOURCE_COLORS, SOURCE_LABELS } from "./expense-format";

const NAME_CHARACTERS = 18;
/** A cost's name shortened to fit the chart's 120 px label column at 11 px. */
const shortName = (name: unknown) => {
  const text = String(name);
  return text.length > NAME_CHARACTERS ? `${text.slice(0, NAME_CHARACTERS - 1).trimEnd()}…` : text;
};

export default function ExpenseCharts({ summary }: { summary: ExpenseSummaryResponse }) {
  const c = summary.currency;
  const shown = EXPENSE_SOURCES.filter((source) => summary[source] !== null);
  const format = (value: unknown) => money(Number(value), c);
  // The budget of what the chart shows: overall for every source, else that source's.
  const budget = summary.budget
    ? summary.source === "all"
      ? summary.budget.total
      : summary.budget.bySource[summary.source]
    : null;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
      <Card role="region" aria-label="Monthly spend by source">
        <CardHeader>
          <CardTitle>Monthly Spend by Source</CardTitle>
        </CardHeader>
        <CardContent className="h-72">
          <div
            role="img"
            aria-label={`Bar chart of monthly spend by source in ${c}, the last 12 months and the next 12${budget === null ? "" : `, against a monthly budget of ${format(budget)}`}`}
            className="size-full"
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={summary.byMonth}
                margin={{ left: 8, right: 8 }}
                accessibilityLayer={false}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" tick={{ fontSize: 11 }} />
                <YAxis tick={{ fontSize: 11 }} width={70} tickFormatter={format} />
                <Tooltip formatter={format} />
                <Legend />
                {shown.map((source) => (
                  <Bar
                    key={source}
                    dataKey={source}
                    name={SOURCE_LABELS[source]}
                    stackId="spend"
                    fill={SOURCE_COLORS[source]}
                    isAnimationActive={false}
                  />
                ))}
                {budget !== null && (
                  <ReferenceLine
                    y={budget}
                    stroke="#dc2626"
                    strokeDasharray="6 3"
                    label={{ value: "Budget", position: "insideTopRight", fontSize: 11 }}
                  />
                )}
              </BarChart>
            </ResponsiveContainer>
          </div>
        </CardContent>
      </Card>
      <Card role="region" aria-label="Largest costs chart">
        <CardHeader>
          <CardTitle>Largest Costs</CardTitle>
        </CardHeader>
        {/* A row of at least 28 px per cost, so two names never share a line's height. */}
        <CardContent
          className="min-h-72"
          style={{ height: `${Math.max(18, summary.largest.length * 1.75 + 3)}rem` }}
        >
          <div
            role="img"
            aria-label={`Bar chart of the ${summary.largest.length} largest monthly costs in ${c}`}
            className="size-full"
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={summary.largest}
                layout="vertical"
                margin={{ left: 8, right: 8 }}
                accessibilityLayer={false}
              >
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                {/* Amounts spaced so that neighbours never touch in a narrow card. */}
                <XAxis
                  type="number"
                  tick={{ fontSize: 11 }}
                  tickFormatter={format}
                  minTickGap={24}
                  interval="preserveStartEnd"
                />
                {/* Names on one line each (the tooltip has the whole name): recharts would wrap a
                    long one onto lines that run into the next bar's. */}
                <YAxis
                  type="category"
                  dataKey="name"
                  tick={{ fontSize: 11 }}
                  width={120}
                  interval={0}
                  tickFormatter={shortName}
                />
                <Tooltip formatter={format} />
                <Bar dataKey="monthly" name="Per month" fill="#2563eb" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
