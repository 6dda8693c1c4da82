// Currency rates kept in the database: an administrator changes them on the Settings page, and
// every money figure (trust reviews, G Suite, expenses) converts with the rates loaded here. A
// pair nobody has set uses the default of domain/money.ts, so a fresh install needs no data.

import { eq, sql } from "drizzle-orm";
import { changesBetween } from "../../domain/activity";
import type { RateCurrency } from "../../domain/enums";
import { type CurrencyRates, DEFAULT_CURRENCY_RATES, RATE_PAIRS } from "../../domain/money/rates";
import type {
  CurrencyRateResponse,
  UpdateCurrencyRatesRequest,
} from "../../domain/schemas/currency-rates";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Db, Executor } from "../db/client";
import { currencyRates, users } from "../db/schema";
import { displayNameSql } from "../users/user-response";

type MutableRates = Partial<Record<RateCurrency, Partial<Record<RateCurrency, number>>>>;

/** The rates to convert with: the defaults, overlaid with every rate an administrator set. */
export async function loadCurrencyRates(db: Executor): Promise<CurrencyRates> {
  const stored = await db
    .select({
      from: currencyRates.fromCurrency,
      to: currencyRates.toCurrency,
      rate: currencyRates.rate,
    })
    .from(currencyRates);
  const rates: MutableRates = {};
  for (const [from, targets] of Object.entries(DEFAULT_CURRENCY_RATES)) {
    rates[from as RateCurrency] = { ...targets };
  }
  for (const row of stored) {
    const targets = rates[row.from] ?? {};
    targets[row.to] = row.rate;
    rates[row.from] = targets;
  }
  return rates;
}

/** Every pair the Settings page lists: its rate, its default, and when and by whom it was set. */
export async function listCurrencyRates(db: Executor): Promise<CurrencyRateResponse[]> {
  const stored = await db
    .select({
      from: currencyRates.fromCurrency,
      to: currencyRates.toCurrency,
      rate: currencyRates.rate,
      setAt: currencyRates.setAt,
      setBy: displayNameSql(users),
    })
    .from(currencyRates)
    .leftJoin(users, eq(users.id, currencyRates.setByUserId));
  const byPair = new Map(stored.map((row) => [`${row.from}>${row.to}`, row]));
  return RATE_PAIRS.map(([from, to]) => {
    const defaultRate = DEFAULT_CURRENCY_RATES[from]?.[to] as number;
    const row = byPair.get(`${from}>${to}`);
    return {
      from,
      to,
      rate: row?.rate ?? defaultRate,
      defaultRate,
      setAt: row ? row.setAt.toISOString() : null,
      setBy: row?.setBy ?? null,
    };
  });
}

/**
 * Stores the given rates in one transaction (all or none). A pair whose rate does not change
 * keeps its date: the date says when the figure was last changed, not when the form was saved.
 */
export async function updateCurrencyRates(
  db: Db,
  input: UpdateCurrencyRatesRequest,
  userId: number,
  actor: ActivityActor,
): Promise<CurrencyRateResponse[]> {
  await db.transaction(async (tx) => {
    // The rates as pairs ("USD/AUD" → rate), before and after: the log keeps the changed ones.
    const pairs = async () =>
      Object.fromEntries(
        (await tx.select().from(currencyRates)).map((row) => [
          `${row.fromCurrency}/${row.toCurrency}`,
          row.rate,
        ]),
      );
    const before = await pairs();
    for (const { from, to, rate } of input.rates) {
      await tx
        .insert(currencyRates)
        .values({ fromCurrency: from, toCurrency: to, rate, setByUserId: userId })
        .onConflictDoUpdate({
          target: [currencyRates.fromCurrency, currencyRates.toCurrency],
          set: { rate, setAt: sql`now()`, setByUserId: userId },
          setWhere: sql`${currencyRates.rate} <> excluded.rate`,
        });
    }
    const changes = changesBetween(before, await pairs());
    if (changes) {
      await recordActivity(tx, actor, {
        action: "settings_change",
        area: "currency_rates",
        itemId: null,
        itemLabel: "Currency rates",
        changes,
      });
    }
  });
  return listCurrencyRates(db);
}
