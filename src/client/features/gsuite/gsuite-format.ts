// Amounts of the G Suite page: AUD 'A$', INR '₹', USD '$', two decimals (spec part 2, section 9).
import type { GsuiteCurrency } from "@/domain/enums";

const formats = new Map<string, Intl.NumberFormat>();

export function formatGsuiteMoney(amount: number, currency: GsuiteCurrency = "AUD"): string {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency });
    formats.set(currency, format);
  }
  return format.format(amount);
}
