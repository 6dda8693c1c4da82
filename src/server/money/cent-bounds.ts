// Which amounts in cents convert past a converted value, worked out exactly. PostgreSQL multiplies
// numeric exactly, so an amount times a rate either equals a value or lies on one side of it; in
// JavaScript numbers neither the division back nor the comparison would be exact, so both are
// done here in whole numbers (bigint): a decimal is its digits and a power of ten.

interface Decimal {
  /** The value times 10^scale. */
  units: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** A decimal as PostgreSQL's numeric text or String(number) writes it ("-1.25", "1e-7"). */
function parseDecimal(text: string): Decimal {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const [, sign, whole, fraction = "", exponent = "0"] = match;
  const digits = BigInt(`${whole}${fraction}`) * (sign === "-" ? -1n : 1n);
  const scale = fraction.length - Number(exponent);
  return scale >= 0
    ? { units: digits, scale }
    : { units: digits * 10n ** BigInt(-scale), scale: 0 };
}

/** ⌊n / d⌋ for d > 0 (bigint division rounds toward zero). */
function floorDiv(n: bigint, d: bigint) {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/** The cents as numeric text: -105n → "-1.05". */
export function centsText(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export interface CentBound {
  /** The amount in cents. */
  cents: bigint;
  /** cents / 100 × rate is the value itself (else it lies on the side asked for). */
  exact: boolean;
}

/**
 * The amount in cents nearest `value` at `rate` (> 0) on one side: `below`, the largest amount
 * whose conversion is at most the value; `above`, the smallest whose conversion is at least it.
 */
export function centBound(value: string, rate: string, side: "below" | "above"): CentBound {
  const v = parseDecimal(value);
  const r = parseDecimal(rate);
  if (r.units <= 0n) throw new Error(`A rate must be positive: ${rate}`);
  // cents / 100 × r.units / 10^r.scale  vs  v.units / 10^v.scale, with both sides made whole:
  // cents × d  vs  n.
  const n = v.units * 100n * 10n ** BigInt(r.scale);
  const d = r.units * 10n ** BigInt(v.scale);
  const below = floorDiv(n, d);
  const exact = below * d === n;
  return { cents: side === "below" || exact ? below : below + 1n, exact };
}
