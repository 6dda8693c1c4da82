// The G Suite figures' conversion into AUD, at the rates kept in the database (the Settings
// page's currency rates; the defaults where an administrator set none).
import type { Converter } from "../../domain/gsuite";
import { convertWith } from "../../domain/money/rates";
import { loadCurrencyRates } from "../currency-rates/service";
import type { Executor } from "../db/client";

export async function aud(db: Executor): Promise<Converter> {
  const rates = await loadCurrencyRates(db);
  return (amount, from, to) => convertWith(rates, amount, from, to);
}
