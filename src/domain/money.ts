// Amounts, currencies and cost normalisation (spec part 1, sections 5 and 9).

import type { Currency, RateCurrency } from "./enums";

/**
 * Rates from → to: how many units of `to` one unit of `from` buys. Pairs not listed are derived
 * (see rateBetween). The stored rates (server/money/currency-rates.ts) have this shape.
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

/** Monthly multipliers per payment frequency (weekly ×4.33, daily ×30.44, one-time over 12). */
export const MONTHLY_FACTOR: Readonly<Record<string, number>> = {
  daily: 30.44,
  weekly: 4.33,
  monthly: 1,
  quarterly: 1 / 3,
  annually: 1 / 12,
  "one-time": 1 / 12,
};

/** Rounds half away from zero to cents, without 1.005 → 1.00 float surprises. */
export function roundMoney(value: number): number {
  const rounded = Math.round(Math.abs(value) * 100 + 1e-7) / 100;
  return value < 0 ? -rounded : rounded;
}

/** A finite number from a number or numeric string; null for anything else. */
export function toAmount(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

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

/** What a payment costs per month; 0 for a missing amount or an unknown frequency. */
export function monthlyCost(amount: unknown, frequency: string | null | undefined): number {
  const value = toAmount(amount);
  const factor =
    frequency && Object.hasOwn(MONTHLY_FACTOR, frequency) ? MONTHLY_FACTOR[frequency] : undefined;
  if (value === null || factor === undefined) return 0;
  return value * factor;
}
