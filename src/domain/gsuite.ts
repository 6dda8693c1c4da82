// G Suite rules shared by the page and the server (spec part 2, sections 4 and 9): the e-mail an
// assignment gives a user, and the page's money figures from per-currency sums.
import type { GsuiteCurrency } from "./enums";
import { roundMoney } from "./money/amounts";

/** Domain names as organizations hold them: lower-case labels of letters, digits and hyphens. */
export const DOMAIN_PATTERN =
  /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

/** The part after the last '@', lower-cased; '' when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0
    ? ""
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** True when the address is on exactly this domain (a subdomain is another organization). */
export const isOnDomain = (email: string, domain: string) =>
  emailDomain(email) === domain.trim().toLowerCase();

/**
 * The address a quick or bulk assignment gives a user (spec part 2, section 7): their own e-mail
 * when it is on the organization's domain, else their username at that domain.
 */
export function assignmentEmailFor(
  user: { username: string; email: string | null },
  domain: string,
): string {
  if (user.email && isOnDomain(user.email, domain)) return user.email.trim().toLowerCase();
  return `${user.username.trim().toLowerCase()}@${domain.trim().toLowerCase()}`;
}

/** A sum of monthly values in one currency, as SQL groups them. */
export interface CurrencySum {
  currency: GsuiteCurrency;
  amount: number;
}

/** Converts an amount between currencies (the stored rates' conversion). */
export type Converter = (amount: number, from: GsuiteCurrency, to: "AUD") => number;

/**
 * Sums (several per currency, as SQL groups them) as one AUD figure: added up per currency
 * first, so each currency is converted once, then rounded to cents.
 */
export function totalInAud(sums: readonly CurrencySum[], convert: Converter): number {
  const perCurrency = new Map<GsuiteCurrency, number>();
  for (const sum of sums) {
    perCurrency.set(sum.currency, (perCurrency.get(sum.currency) ?? 0) + sum.amount);
  }
  let total = 0;
  for (const [currency, amount] of perCurrency) {
    total += currency === "AUD" ? amount : convert(roundMoney(amount), currency, "AUD");
  }
  return roundMoney(total);
}

/** The third summary card: the total monthly value in AUD and the average per account. */
export function monthlyValueFigures(
  sums: readonly CurrencySum[],
  accounts: number,
  convert: Converter,
): { totalMonthlyValueAud: number; averagePerAccountAud: number } {
  const totalMonthlyValueAud = totalInAud(sums, convert);
  return {
    totalMonthlyValueAud,
    averagePerAccountAud: accounts > 0 ? roundMoney(totalMonthlyValueAud / accounts) : 0,
  };
}

/** 'count x plan' for an organization card, most-used plan first. */
export function planSummaryText(plans: readonly { planType: string; count: number }[]): string {
  return [...plans]
    .sort((a, b) => b.count - a.count || a.planType.localeCompare(b.planType))
    .map((plan) => `${plan.count} x ${plan.planType}`)
    .join(", ");
}
