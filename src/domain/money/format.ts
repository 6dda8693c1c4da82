// Amounts as people read them: en-US currency formatting.
import type { Currency } from "../enums";
import { toAmount } from "./amounts";

// Building an Intl.NumberFormat costs far more than using one, and a list formats an amount per
// row on every render: one instance per currency, made on first use.
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency });
    moneyFormats.set(currency, format);
  }
  return format;
}

/** en-US dollars with two decimals; '$0.00' for a missing, empty or non-numeric amount. */
export function formatAmount(value: unknown): string {
  return moneyFormat("USD").format(toAmount(value) ?? 0);
}

/** An amount in its own currency, en-US style: '$1,234.50', 'A$10.00', '€5.00', '£5.00'. */
export function formatMoney(value: unknown, currency: Currency = "USD"): string {
  return moneyFormat(currency).format(toAmount(value) ?? 0);
}
