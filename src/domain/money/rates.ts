// Currency rates and conversion (spec part 1, section 9): the spec's fixed rates, the defaults
// stored until an administrator changes them, and converting an amount between two currencies.
import type { Currency, RateCurrency } from "../enums";
import { roundMoney } from "./amounts";

/**
 * Rates from → to: how many units of `to` one unit of `from` buys. Pairs not listed are derived
 * (see rateBetween). The stored rates (server/currency-rates/service.ts) have this shape.
 */
export type CurrencyRates = Readonly<
  Partial<Record<RateCurrency, Readonly<Partial<Record<RateCurrency, number>>>>>
>;

/** The fixed rates of the spec, from → to. Pairs not listed are derived in convert(). */
export const CONVERSION: CurrencyRates = {
  USD: { AUD: 1.5 },
  AUD: { USD: 0.67 },
  EUR: { USD: 1.09, AUD: 1.64 },
  GBP: { USD: 1.25, AUD: 1.88 },
};

/**
 * The rates used until an administrator stores others: the spec's, plus INR for G Suite prices
 * (the spec lists INR but gives no rate; docs/decisions/0014-currency-rates.md says why 0.012).
 */
export const DEFAULT_CURRENCY_RATES: CurrencyRates = {
  ...CONVERSION,
  INR: { USD: 0.012, AUD: 0.018 },
};

/** The pairs a rate is stored for, in the order the Settings page lists them. */
export const RATE_PAIRS: readonly (readonly [RateCurrency, RateCurrency])[] = Object.entries(
  DEFAULT_CURRENCY_RATES,
).flatMap(([from, targets]) =>
  Object.keys(targets ?? {}).map((to) => [from as RateCurrency, to as RateCurrency] as const),
);

function listedRate(rates: CurrencyRates, from: RateCurrency, to: RateCurrency) {
  if (from === to) return 1;
  const direct = rates[from]?.[to];
  if (direct !== undefined) return direct;
  const reverse = rates[to]?.[from];
  if (reverse !== undefined) return 1 / reverse;
  return undefined;
}

/**
 * What one unit of `from` is worth in `to`: the listed rate, else the inverse of the opposite
 * rate, else (EUR ↔ GBP, EUR → INR...) through USD. The spec's rates are not each other's
 * inverses (USD→AUD 1.5 but AUD→USD 0.67), so a listed direction always wins over an inverse.
 */
export function rateBetween(rates: CurrencyRates, from: RateCurrency, to: RateCurrency): number {
  const listed = listedRate(rates, from, to);
  if (listed !== undefined) return listed;
  const toUsd = listedRate(rates, from, "USD");
  const fromUsd = listedRate(rates, "USD", to);
  if (toUsd === undefined || fromUsd === undefined) {
    throw new Error(`No rate from ${from} to ${to}`);
  }
  return toUsd * fromUsd;
}

/** The amount in another currency at the given rates, rounded to cents. */
export function convertWith(
  rates: CurrencyRates,
  amount: number,
  from: RateCurrency,
  to: RateCurrency,
): number {
  return roundMoney(amount * rateBetween(rates, from, to));
}

/** The amount in another currency at the spec's fixed rates, rounded to cents. */
export function convert(amount: number, from: Currency, to: Currency): number {
  return convertWith(CONVERSION, amount, from, to);
}
