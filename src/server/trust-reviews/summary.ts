// The four summary cards of Trust Reviews, from one SQL statement (never the rows themselves):
// counts and per-currency revenue sums from the reviews' groups, and the licenses lent to active
// clients (seats used per license: licenses.active_trust_reviews, migration 0043) from the lent
// licenses' groups, which give both the per-currency license cost and the seat badge; both kept
// by triggers (migration 0052, decision 0061). The sums are normalised and converted in the
// domain (trust-review-figures.ts) with the stored currency rates.
import { sql } from "drizzle-orm";
import type { Currency } from "../../domain/enums";
import type { TrustReviewSummaryResponse } from "../../domain/schemas/trust-reviews";
import { type AmountGroup, trustReviewFigures } from "../../domain/trust-review-figures";
import { loadCurrencyRates } from "../currency-rates/service";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows-of";
import { licenses } from "../db/schema";

interface SummaryRow {
  counts: TrustReviewSummaryResponse["counts"];
  revenue: AmountGroup[];
  cost: AmountGroup[];
  seats: { used: number; total: number; overCommittedLicenseIds: number[] };
}

const l = licenses;

export async function trustReviewSummary(
  db: Db,
  currency: Currency,
): Promise<TrustReviewSummaryResponse> {
  // groups: every review summed by its payment's currency and frequency; revenue counts only
  // active clients who pay in full or in part. lent: the licenses lent to at least one active
  // client (each cost counted once however many it serves), with how many seats they use. Both
  // are kept by triggers (migration 0052), so the summary reads a few dozen groups whatever the
  // number of reviews and licenses; the over-committed licenses come from their own index.
  const result = await db.execute(sql`
    select
      (select json_build_object(
          'total', coalesce(sum(total), 0), 'active', coalesce(sum(active), 0),
          'inactive', coalesce(sum(total - active), 0), 'paying', coalesce(sum(paying), 0),
          'notPaying', coalesce(sum(not_paying), 0), 'partial', coalesce(sum(partial), 0),
          'pendingApprovals', coalesce(sum(pending), 0))
        from trust_review_groups) as counts,
      (select coalesce(json_agg(json_build_object(
          'currency', currency, 'frequency', frequency, 'amount', revenue)), '[]')
        from trust_review_groups where revenue_n > 0) as revenue,
      (select coalesce(json_agg(json_build_object(
          'currency', currency, 'frequency', frequency, 'amount', amount)), '[]')
        from lent_license_groups where paid > 0) as cost,
      json_build_object(
        'used', (select coalesce(sum(used), 0) from lent_license_groups),
        'total', (select coalesce(sum(seats), 0) from lent_license_groups),
        'overCommittedLicenseIds', (select coalesce(array_agg(${l.id} order by ${l.id}), '{}')
          from ${l} where ${l.activeTrustReviews} > ${l.totalSeats})) as seats`);
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
