// The directory list by amount without sorting every listing. That order is the amount converted
// at the stored rates (list-query.ts), which no index can hold. But a rate is positive, so within
// one currency the converted order is the amount's: each currency's listings come in list order
// from a walk of directories_currency_amount_order_idx (currency, amount, name, id), and the
// listings without an amount (last either way, by name) from directories_blank_amount_order_idx.
// A page's rows are therefore among the first `offset + limit` rows of each walk past the cursor:
//
//   id = any(array(
//     (select id ... where currency = 'USD' and <bound at USD's rate> order by amount, ... limit n)
//     union all (... one walk per currency in use ...)
//     union all (select id ... where amount is null and <bound> order by lower(name), id limit n)))
//
// The page query keeps its own WHERE, cursor condition and ORDER BY and sorts only those few
// candidates, so the order, ties and nulls are exactly the sort's (the candidates only narrow).
//
// A cursor holds the converted amount of its row. Within a currency, "converted past that value"
// is "amount past value / rate", worked out exactly in cents (money/cent-bounds.ts): when some
// amount converts to the value itself the walk starts at (amount, name, id), else at the amount.
// The rates are today's: a cursor made before a rate changed is a position in today's order, at
// the value it holds, as the full sort reads it too (decision 0064).
import { and, asc, desc, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { RateCurrency } from "../../domain/enums";
import type { CurrencyRates } from "../../domain/money/rates";
import type { Executor } from "../db/client";
import { rowsOf } from "../db/rows-of";
import { directories } from "../db/schema";
import type { KeysetWindow, SortOrder } from "../lib/keyset";
import type { PageBounds } from "../lib/paging";
import { centBound, centsText } from "../money/cent-bounds";
import { rateText } from "../money/rates-sql";
import { lowerName } from "./list-query";

/**
 * Up to how many rows from the cursor (offset + limit) a page is merged. A page asked for by a deep
 * offset would take that many rows from every walk: it sorts the listings instead. The pager asks
 * for pages near the end from the end (fromEnd), so only a typed offset goes that deep.
 */
export const MERGE_MAX_ROWS = 1_000;

/** The currencies of the listings with an amount: a loose index scan, one seek per currency. */
async function currenciesWithAmounts(db: Executor): Promise<string[]> {
  const withAmount = sql`${directories.deletedAt} is null and ${directories.paymentAmount} is not null`;
  const result = await db.execute(sql`
    with recursive used(code) as (
      select min(${directories.paymentCurrency}) from ${directories} where ${withAmount}
      union all
      select (select min(${directories.paymentCurrency}) from ${directories}
          where ${withAmount} and ${directories.paymentCurrency} > used.code)
        from used where used.code is not null)
    select code from used where code is not null`);
  return rowsOf<{ code: string }>(result).map((row) => row.code);
}

/** One currency's walk: its code and its rate to the list's currency, as the sort's CASE has it. */
interface CurrencyWalk {
  code: string;
  rate: string;
}

/** A page's candidates: `id = any(...)` over the walks, from the list's filters and window. */
export type AmountCandidates = (
  filters: SQL | undefined,
  order: SortOrder,
  window: Pick<KeysetWindow, "read" | "position">,
) => SQL;

/**
 * The merge for a page of the amount sort in `target`, or undefined when the page sorts the
 * listings instead: the whole list, or an offset past MERGE_MAX_ROWS.
 */
export async function amountMerge(
  db: Executor,
  rates: CurrencyRates,
  target: RateCurrency,
  bounds: PageBounds,
): Promise<AmountCandidates | undefined> {
  if (bounds.limit === undefined) return undefined;
  const take = bounds.limit + (bounds.offset ?? 0);
  if (take > MERGE_MAX_ROWS) return undefined;
  const walks = (await currenciesWithAmounts(db)).map((code) => ({
    code,
    rate: rateText(rates, code, target),
  }));
  // The order of a currency is its amount's only at a positive rate.
  if (walks.some((walk) => !(Number(walk.rate) > 0))) return undefined;
  return (filters, order, window) => candidates(walks, take, filters, order, window);
}

function candidates(
  walks: readonly CurrencyWalk[],
  take: number,
  filters: SQL | undefined,
  order: SortOrder,
  { read, position }: Pick<KeysetWindow, "read" | "position">,
): SQL {
  const direction = read === "asc" ? asc : desc;
  const past = read === "asc" ? sql`>` : sql`<`;
  const converted = position?.values[0] as string | null | undefined;
  const name = position?.values[1] as string | undefined;
  // The blank amounts come last in the list: ahead when reading it forwards, behind backwards.
  const blanksAhead = read === order;
  const selects: SQL[] = [];

  const withAmounts = position === undefined || (converted === null ? !blanksAhead : true);
  if (withAmounts) {
    for (const walk of walks) {
      let bound: SQL | undefined;
      if (position !== undefined && converted != null) {
        const { cents, exact } = centBound(
          converted,
          walk.rate,
          read === "asc" ? "below" : "above",
        );
        const amount = sql`${centsText(cents)}::numeric`;
        bound = exact
          ? sql`(${directories.paymentAmount}, ${lowerName}, ${directories.id}) ${past} (${amount}, ${name}::text, ${position.id}::int8)`
          : sql`${directories.paymentAmount} ${past} ${amount}`;
      }
      selects.push(
        sql`select ${directories.id} from ${directories} where ${and(
          filters,
          sql`${directories.paymentCurrency} = ${walk.code}`,
          isNotNull(directories.paymentAmount),
          bound,
        )} order by ${sql.join(
          [direction(directories.paymentAmount), direction(lowerName), direction(directories.id)],
          sql`, `,
        )} limit ${take}`,
      );
    }
  }

  const blanks = position === undefined || converted === null || blanksAhead;
  if (blanks) {
    const bound =
      position !== undefined && converted === null
        ? sql`(${lowerName}, ${directories.id}) ${past} (${name}::text, ${position.id}::int8)`
        : undefined;
    selects.push(
      sql`select ${directories.id} from ${directories} where ${and(
        filters,
        isNull(directories.paymentAmount),
        bound,
      )} order by ${direction(lowerName)}, ${direction(directories.id)} limit ${take}`,
    );
  }

  if (selects.length === 0) return sql`false`;
  const union = sql.join(
    selects.map((select) => sql`(${select})`),
    sql` union all `,
  );
  return sql`${directories.id} = any(array(${union}))`;
}
