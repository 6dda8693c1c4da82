// The paying licenses' groups the calendar reads (license_payment_groups, decision 0062) hold
// amounts converted at the rates of license_payment_factors and rounded per license, as the
// calendar's events are, so they are only the calendar's figures while those are the rates of
// the moment. Before the calendar reads them it makes them so: when the stored factors differ
// from the ones the rates give (rates changed, or never read since migration 0057), the factors
// are replaced and the groups summed again from the licenses (one read of every paying license,
// as each call made before). The triggers keep them after every write in between.
import { sql } from "drizzle-orm";
import { CURRENCIES } from "../../domain/enums";
import { DISPLAY_CURRENCIES } from "../../domain/expenses/schemas";
import type { CurrencyRates } from "../../domain/money/rates";
import type { Db, Executor } from "../db/client";
import { rowsOf } from "../db/rows-of";
import { rateText } from "../money/rates-sql";

/**
 * Makes the kept groups those of `rates`, in a transaction of its own, before the calendar's read
 * opens its own: the licenses' lock is held for the re-sum only, and the re-sum runs READ
 * COMMITTED whatever the server's default, so it sees what the writes it waited for committed.
 */
export async function keepLicensePaymentGroups(db: Db, rates: CurrencyRates): Promise<void> {
  const wanted = DISPLAY_CURRENCIES.flatMap((target) =>
    CURRENCIES.map((currency) => ({
      currency,
      target,
      factor: rateText(rates, currency, target),
    })),
  );
  const values = sql.join(
    wanted.map((w) => sql`(${w.currency}::text, ${w.target}::text, ${w.factor}::numeric)`),
    sql`, `,
  );
  const current = async (ex: Executor = db) => {
    const [row] = rowsOf<{ current: boolean }>(
      await ex.execute(sql`
        select (select count(*) from license_payment_factors) = ${wanted.length}::int
          and not exists (
            select from (values ${values}) w(currency, target, factor)
            where not exists (select from license_payment_factors f
              where f.currency = w.currency and f.target = w.target and f.factor = w.factor)
          ) as current`),
    );
    return row?.current === true;
  };
  if (await current()) return;
  // Writers of licenses are waited for and held off until the transaction commits (their
  // triggers would add rows converted at the old factors, or rows the sum below already holds),
  // and a second refresh waits for this one, then finds the factors current.
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`lock table licenses in share mode`);
      await tx.execute(sql`lock table license_payment_factors in exclusive mode`);
      if (await current(tx)) return;
      await tx.execute(sql`delete from license_payment_factors`);
      await tx.execute(sql`insert into license_payment_factors (currency, target, factor)
      values ${values}`);
      await tx.execute(sql`delete from license_payment_groups`);
      await tx.execute(sql`
      insert into license_payment_groups (target, start, frequency, licenses, amount)
      select p.target, p.start, p.frequency, sum(p.n), sum(p.amount)
      from licenses l cross join lateral qm_license_payment_rows(1, l) p
      group by 1, 2, 3`);
    },
    { isolationLevel: "read committed" },
  );
}
