// Expense Analysis' budgets (issue 34): this month's spend against each monthly budget set, in
// the display currency (the server converts them), and the dialog that sets them. The 80% and
// 100% alerts are the server's (notifications/budget-alerts.ts); this only shows where spend is.
import { PiggyBankIcon } from "lucide-react";
import * as React from "react";
import type { z } from "zod";
import { FormDialogBody } from "@/client/components/form/form-dialog";
import { SelectField } from "@/client/components/form/select-field";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import {
  BUDGET_SCOPES,
  type BudgetScope,
  type Budgets,
  type BudgetsInput,
  budgetsSchema,
  monthSpendOf,
} from "@/domain/expenses/budgets";
import {
  DISPLAY_CURRENCIES,
  EXPENSE_SOURCES,
  type ExpenseSource,
  type ExpenseSummaryResponse,
} from "@/domain/expenses/schemas";
import { monthOf } from "@/domain/money/months";
import { useBudgets, useSaveBudgets } from "./api";
import { money, SOURCE_LABELS } from "./expense-format";

const SCOPE_LABELS: Record<BudgetScope, string> = { total: "Overall", ...SOURCE_LABELS };

/** This month's spend against each budget set; a button to set them. */
export function ExpenseBudget({ summary }: { summary: ExpenseSummaryResponse }) {
  const [editing, setEditing] = React.useState(false);
  const month = monthOf(summary.today);
  const spent = summary.byMonth.find((entry) => entry.month === month);
  const rows = summary.budget
    ? BUDGET_SCOPES.flatMap((scope) => {
        const budget = scope === "total" ? summary.budget!.total : summary.budget!.bySource[scope];
        if (budget === null || !spent) return [];
        const spend = monthSpendOf(spent, scope);
        return [{ scope, budget, spend, share: Math.round((spend / budget) * 100) }];
      })
    : [];

  return (
    <Card role="region" aria-label="Monthly budget">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Monthly Budget ({month})</CardTitle>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <PiggyBankIcon aria-hidden="true" />
          Set budgets
        </Button>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No budget is set. Set a monthly budget to see spend against it and be alerted at 80% and
            100%.
          </p>
        ) : (
          <ul className="grid gap-3">
            {rows.map((row) => (
              <li key={row.scope} className="grid gap-1">
                <div className="flex flex-wrap justify-between gap-2 text-sm">
                  <span className="font-medium">{SCOPE_LABELS[row.scope]}</span>
                  <span className="tabular-nums">
                    {money(row.spend, summary.currency)} of {money(row.budget, summary.currency)} (
                    {row.share}%)
                  </span>
                </div>
                {/* low/high mark 80% and 100%: browsers colour the bar as it passes them. */}
                <meter
                  aria-label={`${SCOPE_LABELS[row.scope]} budget used`}
                  className="h-2 w-full"
                  min={0}
                  max={100}
                  low={80}
                  high={99.99}
                  optimum={0}
                  value={Math.min(100, row.share)}
                >
                  {row.share}%
                </meter>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {editing && <BudgetsDialog onOpenChange={setEditing} />}
    </Card>
  );
}

interface BudgetFormValues {
  currency: Budgets["currency"];
  total: string;
  bySource: Record<ExpenseSource, string>;
}

const asText = (amount: number | null) => (amount === null ? "" : String(amount));
const CURRENCY_OPTIONS = DISPLAY_CURRENCIES.map((code) => ({ value: code, label: code }));

/** The dialog returns focus to its opener (DialogContent does). */
function BudgetsDialog({ onOpenChange }: { onOpenChange(open: boolean): void }) {
  const current = useBudgets();
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {current.data ? (
          <BudgetsForm budgets={current.data} onOpenChange={onOpenChange} />
        ) : (
          <DialogHeader>
            <DialogTitle>Monthly Budgets</DialogTitle>
            {current.isError ? (
              <DialogDescription role="alert" className="text-destructive">
                Failed to load the budgets: {current.error.message}
              </DialogDescription>
            ) : (
              <DialogDescription>Loading the budgets...</DialogDescription>
            )}
          </DialogHeader>
        )}
      </DialogContent>
    </Dialog>
  );
}

function BudgetsForm({
  budgets,
  onOpenChange,
}: {
  budgets: Budgets;
  onOpenChange(open: boolean): void;
}) {
  const save = useSaveBudgets();
  const dialog = useFormDialog({
    schema: budgetsSchema as unknown as z.ZodType<Budgets, BudgetFormValues & BudgetsInput>,
    defaultValues: {
      currency: budgets.currency,
      total: asText(budgets.total),
      bySource: {
        licenses: asText(budgets.bySource.licenses),
        directories: asText(budgets.bySource.directories),
        gsuite: asText(budgets.bySource.gsuite),
        hosting: asText(budgets.bySource.hosting),
      },
    },
    run: (input) => save.mutateAsync(input),
    success: () => ({ title: "Budgets saved", description: "Monthly budgets have been saved." }),
    failure: (error) => ({
      title: "Error",
      description: `Failed to save the budgets: ${error instanceof Error ? error.message : "Unknown error"}`,
    }),
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    control,
    formState: { errors },
  } = dialog.form;
  return (
    <FormDialogBody
      dialog={dialog}
      title="Monthly Budgets"
      description="A month's spend is compared with each budget set; leave one empty for none."
      submitLabel="Save Budgets"
      onOpenChange={onOpenChange}
    >
      <FormField label="Currency" error={errors.currency?.message}>
        {(field) => (
          <SelectField {...field} control={control} name="currency" options={CURRENCY_OPTIONS} />
        )}
      </FormField>
      <FormField label="Overall" error={errors.total?.message}>
        {(field) => <Input {...field} inputMode="decimal" {...register("total")} />}
      </FormField>
      {EXPENSE_SOURCES.map((source) => (
        <FormField
          key={source}
          label={SOURCE_LABELS[source]}
          error={errors.bySource?.[source]?.message}
        >
          {(field) => <Input {...field} inputMode="decimal" {...register(`bySource.${source}`)} />}
        </FormField>
      ))}
    </FormDialogBody>
  );
}
