// Budget alerts (issue 34 item 4): a month's spend (Expense Analysis' figure for the current
// month, in the budgets' currency) against each budget set, overall and per source; at 80% and
// again at 100% one alert to the channels that chose `budget`. The month, the scope and the level
// are the alert's key, so each goes once a month however often this runs: at every reminder pass
// and when the budgets are saved.
import type { IsoDate } from "../../domain/dates";
import {
  BUDGET_SCOPES,
  type BudgetScope,
  budgetLevelsReached,
  budgetOf,
  monthSpendOf,
} from "../../domain/expenses/budgets";
import { EXPENSE_SOURCE_LABELS } from "../../domain/expenses/schemas";
import { formatMoney } from "../../domain/money/format";
import { monthOf } from "../../domain/money/months";
import type { Executor } from "../db/client";
import { readBudgets } from "../expenses/budgets-service";
import { expenseSummary } from "../expenses/summary";
import { emitNotification } from "./emit";

const scopeLabel = (scope: BudgetScope) =>
  scope === "total" ? "Overall" : EXPENSE_SOURCE_LABELS[scope];

/** Emits the alerts the month's spend has reached; how many were new. */
export async function checkBudgetAlerts(db: Executor, today: IsoDate): Promise<number> {
  const budgets = await readBudgets(db);
  if (BUDGET_SCOPES.every((scope) => budgetOf(budgets, scope) === null)) return 0;
  const month = monthOf(today);
  const summary = await expenseSummary(db, { currency: budgets.currency, source: "all", today });
  const spent = summary.byMonth.find((entry) => entry.month === month);
  if (!spent) return 0;
  let emitted = 0;
  for (const scope of BUDGET_SCOPES) {
    const budget = budgetOf(budgets, scope);
    const spend = monthSpendOf(spent, scope);
    for (const level of budgetLevelsReached(spend, budget)) {
      const label = scopeLabel(scope);
      const fresh = await emitNotification(db, {
        type: "budget",
        key: `budget:${month}:${scope}:${level}`,
        title: `${label} budget ${level === 100 ? "reached" : "at 80%"} for ${month}`,
        text: `${formatMoney(spend, budgets.currency)} of the ${formatMoney(budget, budgets.currency)} monthly budget (${budgets.currency}) in ${month}.`,
        item: { area: "expenses", id: null, label: `${label} budget` },
        link: scope === "total" ? "/expenses" : `/expenses?source=${scope}`,
        payload: { month, scope, level, spend, budget, currency: budgets.currency },
      });
      if (fresh) emitted += 1;
    }
  }
  return emitted;
}
