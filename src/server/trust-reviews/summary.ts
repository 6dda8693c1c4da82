// The four summary cards of Trust Reviews, from one SQL statement (never the rows themselves):
// counts and per-currency revenue sums from one grouped pass over trust_reviews, and the
// licenses lent to active clients (seats used per license: licenses.active_trust_reviews, kept by
// triggers on trust_reviews, migration 0043) from a second, which gives both the per-currency
// license cost and the seat badge. The sums are normalised and converted in the
// domain (trust-review-figures.ts) with the stored currency rates.
import { sql } from "drizzle-orm";
import type { Currency } from "../../domain/enums";
import type { TrustReviewSummaryResponse } from "../../domain/schemas/trust-reviews";
import { type AmountGroup, trustReviewFigures } from "../../domain/trust-review-figures";
import { loadCurrencyRates } from "../currency-rates/service";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows-of";
import { licenses, trustReviews } from "../db/schema";

interface SummaryRow {
  counts: TrustReviewSummaryResponse["counts"];
  revenue: AmountGroup[];
  cost: AmountGroup[];
  seats: { used: number; total: number; overCommittedLicenseIds: number[] };
}

const r = trustReviews;
const l = licenses;

export async function trustReviewSummary(
  db: Db,
  currency: Currency,
): Promise<TrustReviewSummaryResponse> {
  // groups: every review, by its payment's currency and frequency; revenue counts only active
  // clients who pay in full or in part. lent: each license lent to at least one active client
  // (its cost counted once however many it serves), with how many seats they use.
  const result = await db.execute(sql`
    with groups as (
      select ${r.clientPaymentCurrency} as currency, ${r.paymentFrequency} as frequency,
        count(*) as total,
        count(*) filter (where ${r.isActive}) as active,
        count(*) filter (where not ${r.isActive}) as inactive,
        count(*) filter (where ${r.paymentStatus} = 'paying') as paying,
        count(*) filter (where ${r.paymentStatus} = 'not_paying') as not_paying,
        count(*) filter (where ${r.paymentStatus} = 'partial') as partial,
        count(*) filter (where ${r.approvalStatus} = 'pending') as pending,
        sum(${r.clientPaymentAmount})
          filter (where ${r.isActive} and ${r.paymentStatus} in ('paying', 'partial')) as revenue
      from ${r}
      group by 1, 2
    ), lent as (
      -- One pass over the lent licenses: a row per currency and frequency (whole = 0) and one
      -- for all of them (whole = 1), so the licenses are neither kept nor read twice.
      select ${l.paymentCurrency} as currency, ${l.paymentFrequency} as frequency,
        grouping(${l.paymentCurrency}, ${l.paymentFrequency}) <> 0 as whole,
        sum(${l.paymentAmount}) as amount, sum(${l.activeTrustReviews}) as used,
        sum(${l.totalSeats}) as total,
        array_agg(${l.id}) filter (where ${l.activeTrustReviews} > ${l.totalSeats}) as over
      from ${l} where ${l.activeTrustReviews} > 0
      group by grouping sets ((1, 2), ())
    )
    select
      (select json_build_object(
          'total', coalesce(sum(total), 0), 'active', coalesce(sum(active), 0),
          'inactive', coalesce(sum(inactive), 0), 'paying', coalesce(sum(paying), 0),
          'notPaying', coalesce(sum(not_paying), 0), 'partial', coalesce(sum(partial), 0),
          'pendingApprovals', coalesce(sum(pending), 0))
        from groups) as counts,
      (select coalesce(json_agg(json_build_object(
          'currency', currency, 'frequency', frequency, 'amount', revenue)), '[]')
        from groups where revenue is not null) as revenue,
      (select coalesce(json_agg(json_build_object(
          'currency', currency, 'frequency', frequency, 'amount', amount)), '[]')
        from lent where not whole and amount is not null) as cost,
      (select json_build_object(
          'used', coalesce(used, 0), 'total', coalesce(total, 0),
          'overCommittedLicenseIds', coalesce(over, '{}'))
        from lent where whole) as seats`);
  const row = rowsOf<SummaryRow>(result)[0]!;
  const amounts = (groups: AmountGroup[]) =>
    groups.map((group) => ({ ...group, amount: Number(group.amount) }));

  const figures = trustReviewFigures(
    { revenue: amounts(row.revenue), cost: amounts(row.cost) },
    await loadCurrencyRates(db),
    currency,
  );
  // Collected unordered in the one pass: in id order here.
  const overCommittedLicenseIds = [...row.seats.overCommittedLicenseIds].sort((a, b) => a - b);
  return {
    currency,
    counts: row.counts,
    seats: {
      used: row.seats.used,
      total: row.seats.total,
      // Green only when no license serves more active clients than it has seats.
      withinSeats: overCommittedLicenseIds.length === 0,
      overCommittedLicenseIds,
    },
    ...figures,
  };
}
