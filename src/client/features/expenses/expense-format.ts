// Amounts of Expense Analysis in the display currency: 'A$1,234.50' or '$1,234.50'.
import type { DisplayCurrencyCode, ExpenseSource } from "@/domain/expenses/schemas";
import { formatMoney } from "@/domain/money/format";

export const money = (value: number | null | undefined, currency: DisplayCurrencyCode) =>
  formatMoney(value ?? 0, currency);

export { EXPENSE_SOURCE_LABELS as SOURCE_LABELS } from "@/domain/expenses/schemas";

/** Chart and legend colours per source (readable on white, distinct for colour-blind eyes). */
export const SOURCE_COLORS: Record<ExpenseSource, string> = {
  licenses: "#2563eb",
  directories: "#d97706",
  gsuite: "#059669",
  hosting: "#7c3aed",
};
