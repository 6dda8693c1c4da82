// Amounts: reading them from numbers or numeric strings, whole cents so sums are exact, and
// rounding to cents half away from zero.

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

/**
 * Cents of a stored amount or an exact SQL sum ('1234.56', 1234.56): integers, so sums of them
 * are exact. Rounds to the nearest cent (a numeric(12,2) sum has no more decimals anyway).
 */
export function toCents(value: unknown): number {
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) {
    const [whole, fraction = ""] = value.trim().replace("-", "").split(".");
    const cents = Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
    const rest = fraction.slice(2);
    const roundedUp = rest !== "" && Number(rest[0]) >= 5 ? 1 : 0;
    const magnitude = cents + roundedUp;
    return value.trim().startsWith("-") ? -magnitude : magnitude;
  }
  const amount = toAmount(value);
  return amount === null ? 0 : Math.round(roundMoney(amount) * 100);
}

/** Exact sum of amounts, through integer cents. */
export function sumAmounts(values: readonly unknown[]): number {
  let cents = 0;
  for (const value of values) cents += toCents(value);
  return cents / 100;
}
