// The dashboard's hardware and office-account figures (spec part 1, section 2.6): pure, so the
// summary call and its tests share them.
import type { Currency, HardwareType } from "./enums";
import { HARDWARE_TYPE_LABELS } from "./hardware-types";
import { type CurrencyRates, convertWith } from "./money/rates";

/**
 * The label of a type in the Hardware Status card's count by type. The spec's accessory type
 * (stored as 'peripheral', see hardware-types.ts) is labelled 'Accessories'; the others keep
 * their usual label.
 */
export function hardwareStatusTypeLabel(type: HardwareType): string {
  return type === "peripheral" ? "Accessories" : HARDWARE_TYPE_LABELS[type];
}

/** How much of a whole a part is, as a whole percentage for the card's bars (0 when empty). */
export function sharePercent(part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  return Math.min(100, Math.round((part / whole) * 100));
}

export interface AmountByCurrency {
  currency: Currency;
  /** The sum of the amounts in that currency. */
  amount: number;
}

/**
 * What the active office accounts cost a month, in AUD and in USD. An office account has a
 * payment amount but no frequency (spec part 2, section 3): the amount is its monthly charge, as
 * the subscriptions the screen tracks are billed. Each currency's sum is converted with the
 * stored rates and rounded to cents, and the cents are added as integers, so the figure does not
 * drift with the number of accounts or currencies.
 */
export function officeAccountsMonthlyExpense(
  sums: readonly AmountByCurrency[],
  rates: CurrencyRates,
): { AUD: number; USD: number } {
  const total = (to: "AUD" | "USD") => {
    let cents = 0;
    for (const { currency, amount } of sums) {
      cents += Math.round(convertWith(rates, amount, currency, to) * 100);
    }
    return cents / 100;
  };
  return { AUD: total("AUD"), USD: total("USD") };
}
