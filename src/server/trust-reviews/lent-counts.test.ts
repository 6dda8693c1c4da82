// The trust reviews' summary reads each license's active reviews from licenses.active_trust_reviews,
// kept by statement triggers on trust_reviews (migration 0043), instead of grouping every review.
// After every kind of statement (one row and many: added active or inactive, made active or
// inactive, moved to another license, removed, the license itself removed) the kept counts must be
// the reviews' own, and the summary must be exactly what the statement it replaced computed from
// the reviews (kept here as the reference): counts, revenue, license cost and seats, in two
// display currencies, with licenses of several currencies and frequencies, without an amount, and
// over-committed. The summary's own groups are kept by triggers as well (migration 0052), so the
// same comparison covers them, with reviews' and lent licenses' costs changed in place.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { type AmountGroup, trustReviewFigures } from "../../domain/trust-review-figures";
import { loadCurrencyRates } from "../currency-rates/service";
import { rowsOf } from "../db/rows-of";
import { trustReviewSummary } from "./summary";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const run = (statement: ReturnType<typeof sql>) => t.app.db.execute(statement);

async function keptCountsMatch() {
  const wrong = rowsOf<{ id: number; kept: number; actual: number }>(
    await run(sql`
      select l.id, l.active_trust_reviews as kept, count(r.id) filter (where r.is_active)::int as actual
      from licenses l left join trust_reviews r on r.license_id = l.id
      group by l.id having l.active_trust_reviews <> count(r.id) filter (where r.is_active)`),
  );
  expect(wrong).toEqual([]);
}

/** The summary as the statement before migration 0043 computed it, grouping every review. */
async function reference(currency: "AUD" | "USD") {
  const [row] = rowsOf<{
    counts: Record<string, number>;
    revenue: AmountGroup[];
    cost: AmountGroup[];
    seats: { used: number; total: number; overCommittedLicenseIds: number[] };
  }>(
    await run(sql`
      with groups as (
        select client_payment_currency as currency, payment_frequency as frequency,
          count(*) as total, count(*) filter (where is_active) as active,
          count(*) filter (where not is_active) as inactive,
          count(*) filter (where payment_status = 'paying') as paying,
          count(*) filter (where payment_status = 'not_paying') as not_paying,
          count(*) filter (where payment_status = 'partial') as partial,
          count(*) filter (where approval_status = 'pending') as pending,
          sum(client_payment_amount)
            filter (where is_active and payment_status in ('paying', 'partial')) as revenue
        from trust_reviews group by 1, 2
      ), lent as (
        select l.id, l.total_seats as total, used.used, l.payment_currency as currency,
          l.payment_frequency as frequency, l.payment_amount as amount
        from (select license_id, count(*) as used from trust_reviews where is_active group by 1) used
        join licenses l on l.id = used.license_id
      )
      select
        (select json_build_object(
            'total', coalesce(sum(total), 0), 'active', coalesce(sum(active), 0),
            'inactive', coalesce(sum(inactive), 0), 'paying', coalesce(sum(paying), 0),
            'notPaying', coalesce(sum(not_paying), 0), 'partial', coalesce(sum(partial), 0),
            'pendingApprovals', coalesce(sum(pending), 0)) from groups) as counts,
        (select coalesce(json_agg(json_build_object(
            'currency', currency, 'frequency', frequency, 'amount', revenue)), '[]')
          from groups where revenue is not null) as revenue,
        (select coalesce(json_agg(json_build_object(
            'currency', currency, 'frequency', frequency, 'amount', amount)), '[]')
          from (select currency, frequency, sum(amount) as amount from lent group by 1, 2) c
          where amount is not null) as cost,
        (select json_build_object('used', coalesce(sum(used), 0), 'total', coalesce(sum(total), 0),
            'overCommittedLicenseIds',
            coalesce(array_agg(id order by id) filter (where used > total), '{}'))
          from lent) as seats`),
  );
  const amounts = (groups: AmountGroup[]) =>
    groups.map((group) => ({ ...group, amount: Number(group.amount) }));
  const figures = trustReviewFigures(
    { revenue: amounts(row!.revenue), cost: amounts(row!.cost) },
    await loadCurrencyRates(t.app.db),
    currency,
  );
  const { overCommittedLicenseIds } = row!.seats;
  return {
    currency,
    counts: row!.counts,
    seats: {
      used: row!.seats.used,
      total: row!.seats.total,
      withinSeats: overCommittedLicenseIds.length === 0,
      overCommittedLicenseIds,
    },
    ...figures,
  };
}

async function summaryMatches(step: string) {
  await keptCountsMatch();
  for (const currency of ["AUD", "USD"] as const) {
    expect(await trustReviewSummary(t.app.db, currency), `${step}, ${currency}`).toEqual(
      await reference(currency),
    );
  }
}

describe("the trust reviews' lent counts", () => {
  it("follow every statement on trust_reviews, and the summary is the reference's", async () => {
    await run(sql`
      insert into licenses (name, license_key_ciphertext, license_key_masked, total_seats,
        payment_amount, payment_currency, payment_frequency)
      select 'Lent ' || i, 'x', 'x', 1 + i % 3,
        case when i % 5 = 0 then null else (i * 17) % 400 + 0.99 end,
        (array['AUD','USD','EUR','GBP'])[1 + i % 4],
        (array['monthly','quarterly','annually','weekly','one-time','daily'])[1 + i % 6]
      from generate_series(1, 24) as i`);
    const reviews = (where: string) =>
      run(
        sql.raw(`
        insert into trust_reviews (license_id, client_name, assigned_date, payment_status,
          client_payment_amount, client_payment_currency, payment_frequency, is_active,
          approval_status)
        select l.id, 'Client ' || l.id || '-' || k, date '2026-01-01' + k,
          (array['paying','not_paying','partial'])[1 + (l.id + k) % 3],
          case when (l.id + k) % 7 = 0 then null else (l.id * 31 + k) % 300 + 5 end,
          (array['USD','AUD','EUR','GBP'])[1 + (l.id + k) % 4],
          (array['monthly','annually'])[1 + k % 2], (l.id + k) % 4 <> 0,
          (array['pending','approved','rejected','keep'])[1 + k % 4]
        from licenses l cross join generate_series(1, 3) as k
        where l.name like 'Lent %' and ${where}`),
      );
    await summaryMatches("nothing lent");
    await reviews("l.id % 2 = 0");
    await summaryMatches("many added in one statement");
    await reviews("l.id % 3 = 0");
    await summaryMatches("more added");
    const [one] = rowsOf<{ id: number; license_id: number }>(
      await run(sql`select id, license_id from trust_reviews order by id limit 1`),
    );
    await run(sql`update trust_reviews set is_active = not is_active where id = ${one!.id}`);
    await summaryMatches("one made active or inactive");
    await run(sql`update trust_reviews set is_active = not is_active where id % 3 = 0`);
    await summaryMatches("many toggled");
    await run(sql`update trust_reviews set client_name = client_name || '.' where id % 2 = 0`);
    await summaryMatches("an edit that moves nothing");
    await run(sql`
      update trust_reviews set license_id = (select min(id) from licenses where name like 'Lent %')
      where id % 5 = 1`);
    await summaryMatches("moved to another license (over-committed)");
    await run(sql`
      update trust_reviews set license_id = license_id + 1, is_active = not is_active
      where id % 7 = 2 and license_id < (select max(id) from licenses)`);
    await summaryMatches("moved and toggled at once");
    // The summary's groups are kept too (migration 0052): reviews' statuses, amounts and
    // currencies, and the lent licenses' own costs and seats, change them.
    await run(sql`update trust_reviews set payment_status = 'partial', approval_status = 'pending'
      where id % 3 = 1`);
    await run(sql`update trust_reviews set client_payment_amount = null where id % 5 = 2`);
    await run(sql`update trust_reviews set client_payment_currency = 'EUR',
      payment_frequency = 'annually' where id % 4 = 3`);
    await summaryMatches("statuses, amounts and currencies of reviews changed");
    await run(sql`update licenses set payment_amount = 12.50, total_seats = total_seats + 1
      where id % 3 = 1`);
    await run(sql`update licenses set payment_currency = 'USD', payment_frequency = 'monthly'
      where id % 4 = 2`);
    await run(sql`update licenses set payment_amount = null where id % 6 = 5`);
    await summaryMatches("lent licenses' costs, currencies and seats changed");
    await run(sql`delete from trust_reviews where id % 4 = 1`);
    await summaryMatches("many removed");
    await run(sql`delete from licenses where id = (select license_id from trust_reviews
      where is_active order by id limit 1)`);
    await summaryMatches("a lent license removed with its reviews");
    await run(sql`delete from trust_reviews`);
    await summaryMatches("every review removed");
  });
});
