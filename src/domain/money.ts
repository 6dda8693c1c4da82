// Amounts, currencies and cost normalisation (spec part 1, sections 5 and 9).

export const CURRENCIES = ["USD", "AUD", "EUR", "GBP"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The fixed rates of the spec, from → to. Pairs not listed are derived in convert(). */
export const CONVERSION: Readonly<Partial<Record<Currency, Partial<Record<Currency, number>>>>> = {
  USD: { AUD: 1.5 },
  AUD: { USD: 0.67 },
  EUR: { USD: 1.09, AUD: 1.64 },
  GBP: { USD: 1.25, AUD: 1.88 },
};

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

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** en-US dollars with two decimals; '$0.00' for a missing, empty or non-numeric amount. */
export function formatAmount(value: unknown): string {
  return usd.format(toAmount(value) ?? 0);
}

/** An amount in its own currency, en-US style: '$1,234.50', 'A$10.00', '€5.00', '£5.00'. */
export function formatMoney(value: unknown, currency: Currency = "USD"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(
    toAmount(value) ?? 0,
  );
}

function rate(from: Currency, to: Currency): number {
  if (from === to) return 1;
  const direct = CONVERSION[from]?.[to];
  if (direct !== undefined) return direct;
  const reverse = CONVERSION[to]?.[from];
  if (reverse !== undefined) return 1 / reverse;
  // Neither way listed (EUR ↔ GBP): go through USD.
  return rate(from, "USD") * rate("USD", to);
}

/** The amount in another currency at the spec's fixed rates, rounded to cents. */
export function convert(amount: number, from: Currency, to: Currency): number {
  return roundMoney(amount * rate(from, to));
}

/** What a payment costs per month; 0 for a missing amount or an unknown frequency. */
export function monthlyCost(amount: unknown, frequency: string | null | undefined): number {
  const value = toAmount(amount);
  const factor =
    frequency && Object.hasOwn(MONTHLY_FACTOR, frequency) ? MONTHLY_FACTOR[frequency] : undefined;
  if (value === null || factor === undefined) return 0;
  return value * factor;
}
