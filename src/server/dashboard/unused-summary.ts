// Needs Attention's unused seats (issue 33, administrators): how many license seats, office
// accounts and G Suite accounts are unused (licenses/unused-seats.ts: the holder suspended or not
// signed in for UNUSED_AFTER_DAYS), and what freeing them would save a month in both display
// currencies. One grouped statement: a row per kind, currency and frequency, never per seat.
// A license seat saves the license's monthly cost (LICENSE_MONTHLY_FACTOR) ÷ its total seats; an
// office account its amount (monthly, as the office accounts' expense reads it); a G Suite account
// its plan's base price, else its own price (monthly whatever the cycle, as Expense Analysis
// reads it). Amounts are added per group and converted with the stored rates (grouped-total.ts).
import { type SQL, sql } from "drizzle-orm";
import type { RateCurrency } from "../../domain/enums";
import { factorOf, LICENSE_MONTHLY_FACTOR } from "../../domain/money/factors";
import { type CostGroup, convertedTotal } from "../../domain/money/grouped-total";
import type { DashboardSummaryResponse } from "../../domain/schemas/dashboard";
import type { ActiveSession } from "../auth/sessions";
import { loadCurrencyRates } from "../currency-rates/service";
import type { Db } from "../db/client";
import { lightRead } from "../db/light-read";
import { rowsOf } from "../db/rows-of";
import { accounts, gsuiteAccounts, gsuitePlans, licenseAssignments, licenses } from "../db/schema";
import { unusedOfficeAccountWhere, unusedSeatWhere, unusedWhere } from "../licenses/unused-seats";

type UnusedSection = DashboardSummaryResponse["unusedSeats"];

interface UnusedGroup {
  kind: "seat" | "office" | "gsuite";
  currency: RateCurrency;
  frequency: string | null;
  count: number;
  amount: string | null;
}

/**
 * The groups' statement. Each part reads the unused rows from the partial indexes of migration
 * 0060 (a range of the known sign-ins or-ed with the suspended holders), not every row.
 */
export function unusedGroupsStatement(days: number): SQL {
  return sql`
    select 'seat' as kind, license.currency, license.frequency, sum(seats.count)::int as count,
      sum(seats.count * license.seat_cost)::text as amount
    from (
      select ${licenseAssignments.licenseId} as license_id, count(*) as count
      from ${licenseAssignments}
      where ${unusedSeatWhere(days)}
      group by 1
    ) seats
    -- One license looked up by its key per license with an unused seat (limit 1 keeps the
    -- planner from flattening it into a hash join that reads every license, wide rows).
    cross join lateral (
      select ${licenses.paymentCurrency} as currency, ${licenses.paymentFrequency} as frequency,
        ${licenses.paymentAmount} / nullif(${licenses.totalSeats}, 0) as seat_cost
      from ${licenses}
      where ${licenses.id} = seats.license_id
      limit 1
    ) license
    group by 2, 3
    union all
    select 'office', ${accounts.paymentCurrency}, null, count(*)::int,
      sum(${accounts.paymentAmount})::text
    from ${accounts}
    where ${unusedOfficeAccountWhere(days)}
    group by 2
    union all
    select 'gsuite', coalesce(${gsuitePlans.currency}, ${gsuiteAccounts.paymentCurrency}), null,
      count(*)::int, sum(coalesce(${gsuitePlans.basePrice}, ${gsuiteAccounts.price}))::text
    from ${gsuiteAccounts}
    left join ${gsuitePlans} on ${gsuitePlans.id} = ${gsuiteAccounts.planId}
    where ${unusedWhere(gsuiteAccounts, days)}
    group by 2`;
}

export async function unusedSeatsSummary(
  db: Db,
  session: ActiveSession,
  days: number,
): Promise<UnusedSection> {
  if (session.user.role !== "admin") return null;
  const [result, rates] = await Promise.all([
    // The looked-up licenses' estimate can cross jit_above_cost, and compiling would cost more
    // than the statement (db/light-read.ts).
    lightRead(db, (tx) => tx.execute(unusedGroupsStatement(days))),
    loadCurrencyRates(db),
  ]);
  const groups = rowsOf<UnusedGroup>(result);
  const counts = { seat: 0, office: 0, gsuite: 0 };
  const costs: CostGroup[] = [];
  for (const group of groups) {
    counts[group.kind] += Number(group.count);
    if (group.amount === null) continue;
    const factor =
      group.kind === "seat" ? (factorOf(LICENSE_MONTHLY_FACTOR, group.frequency) ?? 0) : 1;
    costs.push({ currency: group.currency, factor, amount: group.amount });
  }
  return {
    seats: counts.seat,
    officeAccounts: counts.office,
    gsuiteAccounts: counts.gsuite,
    total: counts.seat + counts.office + counts.gsuite,
    monthlySavings: {
      AUD: convertedTotal(costs, rates, "AUD"),
      USD: convertedTotal(costs, rates, "USD"),
    },
    unusedAfterDays: days,
  };
}
