// /expenses, Expense Analysis (spec part 1, 2.10, 2.11 and 9; part 2, section 9): the source
// filter and currency toggle, the totals, the charts (Recharts, loaded lazily so the first load
// does not carry it), one table per source with a CSV export, and the expense calendar on its
// own tab (decision 0015). Every figure comes from the server's aggregates; the filter and the tab
// live in the URL.
import { lazy, Suspense, useMemo } from "react";
import { useSearchParams } from "react-router";
import { FormAlert } from "@/client/components/form/form-alert";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { useSearchParamsUpdate } from "@/client/hooks/use-search-params-update";
import { type DisplayCurrency, useDisplayCurrency } from "@/client/lib/display-currency";
import { todayIso } from "@/domain/dates";
import {
  EXPENSE_SOURCE_FILTERS,
  type ExpenseSourceFilter,
  type ExpenseSummaryResponse,
} from "@/domain/expenses/schemas";
import { useExpenseSummary } from "./api";
import { ExpenseBudget } from "./expense-budget";
import { ExpenseCalendar } from "./expense-calendar";
import { money, SOURCE_LABELS } from "./expense-format";
import { ExpenseTables } from "./expense-tables";
import { ExpenseTotals } from "./expense-totals";

const ExpenseCharts = lazy(() => import("./expense-charts"));

const FILTER_LABELS: Record<ExpenseSourceFilter, string> = {
  all: "All Sources",
  ...SOURCE_LABELS,
};
const CURRENCIES: DisplayCurrency[] = ["AUD", "USD"];

function parseSource(value: string | null): ExpenseSourceFilter {
  return (EXPENSE_SOURCE_FILTERS as readonly string[]).includes(value ?? "")
    ? (value as ExpenseSourceFilter)
    : "all";
}

/** The largest costs as text: the chart beside it is a picture of the same list. */
function LargestCostsList({ summary }: { summary: ExpenseSummaryResponse }) {
  return (
    <ol className="sr-only" aria-label="Largest costs">
      {summary.largest.map((item) => (
        <li key={`${item.source}-${item.name}`}>
          {item.name} ({SOURCE_LABELS[item.source]}): {money(item.monthly, summary.currency)} per
          month
        </li>
      ))}
    </ol>
  );
}

export function ExpensesPage() {
  const [params] = useSearchParams();
  const updateSearchParams = useSearchParamsUpdate();
  const source = parseSource(params.get("source"));
  const tab = params.get("tab") === "calendar" ? "calendar" : "analysis";
  const { currency, setCurrency } = useDisplayCurrency();
  // The viewer's date, fixed for the visit so every call agrees on it.
  const today = useMemo(() => todayIso(), []);
  const summary = useExpenseSummary(source, currency, today);

  const update = (changes: Record<string, string | null>) =>
    updateSearchParams(
      (next) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const current =
    summary.data && summary.data.source === source && summary.data.currency === currency
      ? summary.data
      : undefined;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Expense Analysis</h2>
          <p className="text-sm text-muted-foreground">
            Spend across licenses, directory listings, G Suite and hosting, in {currency}.
          </p>
        </div>
        <fieldset className="flex items-center gap-1">
          <legend className="sr-only">Currency</legend>
          {CURRENCIES.map((code) => (
            <Button
              key={code}
              size="sm"
              variant={currency === code ? "default" : "outline"}
              aria-pressed={currency === code}
              onClick={() => setCurrency(code)}
            >
              {code}
            </Button>
          ))}
        </fieldset>
      </div>

      <Tabs
        value={tab}
        onValueChange={(value) => update({ tab: value === "calendar" ? "calendar" : null })}
      >
        <TabsList>
          <TabsTrigger value="analysis">Analysis</TabsTrigger>
          <TabsTrigger value="calendar">Calendar</TabsTrigger>
        </TabsList>

        <TabsContent value="analysis" className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <fieldset className="flex flex-wrap gap-1">
            <legend className="sr-only">Expense source</legend>
            {EXPENSE_SOURCE_FILTERS.map((value) => (
              <Button
                key={value}
                size="sm"
                variant={source === value ? "default" : "outline"}
                aria-pressed={source === value}
                onClick={() => update({ source: value === "all" ? null : value })}
              >
                {FILTER_LABELS[value]}
              </Button>
            ))}
          </fieldset>

          {summary.isError && !current ? (
            <FormAlert>Failed to load expenses: {summary.error.message}</FormAlert>
          ) : current ? (
            <>
              <ExpenseTotals summary={current} />
              <ExpenseBudget summary={current} />
              <Suspense
                fallback={<Skeleton className="h-80 w-full" aria-label="Loading the charts" />}
              >
                <ExpenseCharts summary={current} />
              </Suspense>
              <LargestCostsList summary={current} />
              <ExpenseTables summary={current} today={today} />
            </>
          ) : (
            <Skeleton className="h-36 w-full" aria-label="Loading expenses" />
          )}
        </TabsContent>

        <TabsContent value="calendar">
          <ExpenseCalendar currency={currency} today={today} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
