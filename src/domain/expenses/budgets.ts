// Monthly budgets (issue 34 item 4): an amount a month overall and per source, in one of the
// display currencies, each optional. Expense Analysis shows a month's spend against them and the
// reminder pass alerts when a month's spend reaches 80% and again 100% of one.
import { z } from "zod";
import { toCents } from "../money/amounts";
import { amountSchema } from "../schemas/common";
import { MAX_AMOUNT } from "../schemas/licenses";
import { DISPLAY_CURRENCIES, EXPENSE_SOURCES, type ExpenseSource } from "./schemas";

/** The shares of a budget at which an alert goes, once each per month. */
export const BUDGET_ALERT_LEVELS = [80, 100] as const;
export type BudgetAlertLevel = (typeof BUDGET_ALERT_LEVELS)[number];

export const BUDGET_AMOUNT_MESSAGE = "A budget must be an amount greater than 0, or empty for none";

// Blank or null: no budget. Each is named (PUT replaces them all): a missing one is refused.
const budgetAmount = z.preprocess(
  (value) => (value === "" ? null : value),
  amountSchema(BUDGET_AMOUNT_MESSAGE, (amount) =>
    amount.positive(BUDGET_AMOUNT_MESSAGE).max(MAX_AMOUNT, "A budget is too large").nullable(),
  ),
);

export const budgetsSchema = z
  .object({
    currency: z.enum(DISPLAY_CURRENCIES, { error: "Currency must be AUD or USD" }),
    total: budgetAmount,
    bySource: z
      .object({
        licenses: budgetAmount,
        directories: budgetAmount,
        gsuite: budgetAmount,
        hosting: budgetAmount,
      })
      .strict(),
  })
  .strict();
/** The same as answered: amounts as numbers (a response schema is not a parser). */
const budgetAnswer = z.number().nullable();
export const budgetsResponseSchema = z.object({
  currency: z.enum(DISPLAY_CURRENCIES),
  total: budgetAnswer,
  bySource: z.object({
    licenses: budgetAnswer,
    directories: budgetAnswer,
    gsuite: budgetAnswer,
    hosting: budgetAnswer,
  }),
});
export type Budgets = z.output<typeof budgetsResponseSchema>;
export type BudgetsInput = z.input<typeof budgetsSchema>;

/** What GET answers before anyone set a budget. */
export const NO_BUDGETS: Budgets = {
  currency: "AUD",
  total: null,
  bySource: { licenses: null, directories: null, gsuite: null, hosting: null },
};

/** What a budget is of: every source together, or one. */
export type BudgetScope = "total" | ExpenseSource;
export const BUDGET_SCOPES: readonly BudgetScope[] = ["total", ...EXPENSE_SOURCES];

export const budgetOf = (budgets: Budgets, scope: BudgetScope): number | null =>
  scope === "total" ? budgets.total : budgets.bySource[scope];

/** The budgets in another currency (Expense Analysis' display currency); null when none is set. */
export function budgetInDisplayCurrency(
  budgets: Budgets,
  convert: (amount: number) => number,
): { total: number | null; bySource: Record<ExpenseSource, number | null> } | null {
  if (BUDGET_SCOPES.every((scope) => budgetOf(budgets, scope) === null)) return null;
  const inDisplay = (amount: number | null) => (amount === null ? null : convert(amount));
  return {
    total: inDisplay(budgets.total),
    bySource: {
      licenses: inDisplay(budgets.bySource.licenses),
      directories: inDisplay(budgets.bySource.directories),
      gsuite: inDisplay(budgets.bySource.gsuite),
      hosting: inDisplay(budgets.bySource.hosting),
    },
  };
}

/** A month's spend of a scope: one source's, or every source's added in whole cents. */
export function monthSpendOf(month: Record<ExpenseSource, number>, scope: BudgetScope): number {
  if (scope !== "total") return month[scope];
  return EXPENSE_SOURCES.reduce((cents, source) => cents + toCents(month[source]), 0) / 100;
}

/**
 * The alert levels a month's spend has reached of a budget (none without one), compared in whole
 * cents so that exactly 80% is 80%.
 */
export function budgetLevelsReached(spend: number, budget: number | null): BudgetAlertLevel[] {
  if (budget === null) return [];
  const spent = toCents(spend) * 100;
  const of = toCents(budget);
  return BUDGET_ALERT_LEVELS.filter((level) => spent >= of * level);
}
