// The licenses section of the dashboard summary, in SQL with LIMITs: the count, the three newest,
// Needs Attention and Renews Soon. The rules are the domain's (domain/dashboard.ts); this is their
// SQL twin, checked against those functions at the edges in summary.test.ts.
import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  isNotNull,
  lte,
  type SQL,
  sql,
} from "drizzle-orm";
import {
  ATTENTION_AHEAD_DAYS,
  RECENTLY_ADDED_COUNT,
  RECENTLY_EXPIRED_DAYS,
  RENEWS_SOON_DAYS,
} from "../../domain/dashboard";
import { addDays, daysBetween, type IsoDate } from "../../domain/dates";
import {
  DASHBOARD_LIST_LIMIT,
  type DashboardLicense,
  type DashboardSummaryResponse,
} from "../../domain/schemas/dashboard";
import type { ActiveSession } from "../auth/sessions";
import type { Db } from "../db/client";
import { idIn } from "../db/id-list";
import { lightRead } from "../db/light-read";
import { rowsOf } from "../db/rows-of";
import { licenseAssignments, licenses } from "../db/schema";
import { selectPage } from "../lib/paging";
import { nextOccurrenceSql } from "./next-occurrence-sql";

type LicenseSection = DashboardSummaryResponse["licenses"];

// Only what the dashboard's tables show (dashboardLicenseSchema): no notes, no key.
const columns = {
  id: licenses.id,
  name: licenses.name,
  licenseType: licenses.licenseType,
  purchaseDate: licenses.purchaseDate,
  expiryDate: licenses.expiryDate,
  paymentAmount: licenses.paymentAmount,
  paymentCurrency: licenses.paymentCurrency,
  paymentFrequency: licenses.paymentFrequency,
  autoRenew: licenses.autoRenew,
  renewalStatus: licenses.renewalStatus,
  createdAt: licenses.createdAt,
};
type Row = Omit<DashboardLicense, "createdAt"> & { createdAt: Date };

const toDashboardLicense = (row: Row): DashboardLicense => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

const lowerName = sql`lower(${licenses.name})`;

export async function licenseSummary(
  db: Db,
  session: ActiveSession,
  today: IsoDate,
): Promise<LicenseSection> {
  if (session.user.role !== "admin") {
    const [own] = await db
      .select({ total: countDistinct(licenseAssignments.licenseId) })
      .from(licenseAssignments)
      .where(
        and(eq(licenseAssignments.userId, session.user.id), eq(licenseAssignments.isActive, true)),
      );
    return { total: own?.total ?? 0, recentlyAdded: null, needsAttention: null, renewsSoon: null };
  }

  const attentionWhere = and(
    // Word for word the predicate of licenses_attention_expiry_idx, which then serves it.
    sql`${licenses.renewalStatus} <> 'auto'`,
    isNotNull(licenses.expiryDate),
    gte(licenses.expiryDate, addDays(today, -RECENTLY_EXPIRED_DAYS)),
    lte(licenses.expiryDate, addDays(today, ATTENTION_AHEAD_DAYS)),
  );
  const bounds = { limit: DASHBOARD_LIST_LIMIT };
  const [[all], newest, attention, renews] = await Promise.all([
    db.select({ total: count() }).from(licenses),
    db
      .select(columns)
      .from(licenses)
      .orderBy(desc(licenses.createdAt), desc(licenses.id))
      .limit(RECENTLY_ADDED_COUNT),
    selectPage(db, {
      from: licenses,
      where: attentionWhere,
      bounds,
      select: (total) =>
        db
          .select({ license: columns, total })
          .from(licenses)
          .where(attentionWhere)
          .orderBy(licenses.expiryDate, lowerName, licenses.id)
          .$dynamic(),
    }),
    renewsSoonPage(db, today),
  ]);

  return {
    total: all?.total ?? 0,
    recentlyAdded: newest.map(toDashboardLicense),
    needsAttention: {
      items: attention.rows.map(({ license }) => ({
        license: toDashboardLicense(license),
        daysLeft: daysBetween(today, license.expiryDate!),
      })),
      total: attention.total ?? 0,
    },
    renewsSoon: {
      items: renews.rows.map(({ license, renewalDate }) => ({
        license: toDashboardLicense(license),
        renewalDate,
        daysUntilRenewal: daysBetween(today, renewalDate),
      })),
      total: renews.total,
    },
  };
}

/**
 * Renews Soon's first rows and count. A license's renewal date depends only on its purchase date
 * and frequency (or, without a recurring one, its expiry date), so the auto-renewing licenses are
 * grouped by those first (an index-only scan of the partial index licenses_auto_renewal_idx) and
 * each group's date is worked out once: a few thousand groups instead of every license. The count
 * is the sum of the groups in the window; only the groups of the first dates, up to the date that
 * fills the page, are joined back to their licenses for the page's order by name. At 50,000
 * licenses that is 1.2-1.7 times faster than working out each license's date on either database
 * (decision 0028's amendment), on PGlite only with statistics (db/maintenance.ts): without them
 * it was slower.
 * Answers the page's license ids with their renewal dates, and the whole count on each row.
 */
export function renewsSoonDueSql(today: IsoDate): SQL {
  const from = sql`${today}::date`;
  const to = sql`${addDays(today, RENEWS_SOON_DAYS)}::date`;
  const recurring = sql`${licenses.purchaseDate} is not null and ${licenses.paymentFrequency} <> 'one-time'`;
  return sql`
    with groups as materialized (
      select * from (
        select ${licenses.purchaseDate} as purchase_date, ${licenses.paymentFrequency} as frequency,
          null::date as expiry_date, count(*)::int as n,
          ${nextOccurrenceSql(licenses.purchaseDate, licenses.paymentFrequency, from)} as renewal_date
        from ${licenses}
        where ${licenses.renewalStatus} = 'auto' and ${recurring}
        group by ${licenses.purchaseDate}, ${licenses.paymentFrequency}
      ) by_purchase
      where renewal_date between ${from} and ${to}
      union all
      select null, null, ${licenses.expiryDate}, count(*)::int, ${licenses.expiryDate}
      from ${licenses}
      where ${licenses.renewalStatus} = 'auto' and not (${recurring})
        and ${licenses.expiryDate} between ${from} and ${to}
      group by ${licenses.expiryDate}
    ),
    dates as (
      select renewal_date,
        coalesce(sum(sum(n)) over (order by renewal_date rows between unbounded preceding and 1 preceding), 0) as before
      from groups group by renewal_date
    ),
    first_groups as (
      select groups.* from groups join dates using (renewal_date)
      where dates.before < ${DASHBOARD_LIST_LIMIT}
    )
    select id, renewal_date::text as renewal_date, (select sum(n) from groups)::int as total
    from (
      select ${licenses.id} as id, first_groups.renewal_date, lower(${licenses.name}) as sort_name
      from first_groups join ${licenses}
        on ${licenses.purchaseDate} = first_groups.purchase_date
        and ${licenses.paymentFrequency} = first_groups.frequency
      where ${licenses.renewalStatus} = 'auto'
      union all
      select ${licenses.id}, first_groups.renewal_date, lower(${licenses.name})
      from first_groups join ${licenses} on ${licenses.expiryDate} = first_groups.expiry_date
      where ${licenses.renewalStatus} = 'auto' and not (${recurring})
    ) page
    order by renewal_date, sort_name, id
    limit ${DASHBOARD_LIST_LIMIT}`;
}

/** Renews Soon's page: the licenses of renewsSoonDueSql's ids, in its order. */
async function renewsSoonPage(db: Db, today: IsoDate) {
  // Planned with parallel workers at 50,000 licenses, and starting them cost 9x the work.
  const result = await lightRead(db, (tx) => tx.execute(renewsSoonDueSql(today)));
  const due = rowsOf<{ id: number; renewal_date: string; total: number }>(result);
  if (due.length === 0) return { rows: [], total: 0 };
  const found = await db
    .select(columns)
    .from(licenses)
    .where(
      idIn(
        licenses.id,
        due.map((row) => row.id),
      ),
    );
  const byId = new Map(found.map((license) => [license.id, license]));
  return {
    // A license deleted between the two reads is left out.
    rows: due.flatMap((row) => {
      const license = byId.get(row.id);
      return license ? [{ license, renewalDate: row.renewal_date }] : [];
    }),
    total: Number(due[0]!.total),
  };
}
