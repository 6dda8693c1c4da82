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
  inArray,
  isNotNull,
  lte,
  ne,
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

/** When an auto-renewing license next renews (renewalDateOf in the domain), as SQL. */
const renewalDate = (today: IsoDate) =>
  sql<string>`coalesce(${nextOccurrenceSql(licenses.purchaseDate, licenses.paymentFrequency, sql`${today}::date`)}, ${licenses.expiryDate})`;

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
    ne(licenses.renewalStatus, "auto"),
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
 * Renews Soon's first rows and count. The renewal date is worked out once per auto-renewing
 * license (the inner select, kept apart by OFFSET 0 so the planner does not copy the expression
 * into the filter, the sort and the count), into a materialised set that the count and the page
 * both read: at 20,000 licenses that is a quarter of the work of evaluating it in each clause.
 */
async function renewsSoonPage(db: Db, today: IsoDate) {
  const result = await db.execute(sql`
    with due as materialized (
      select id, sort_name, renewal_date from (
        select ${licenses.id} as id, lower(${licenses.name}) as sort_name,
          ${renewalDate(today)} as renewal_date
        from ${licenses} where ${licenses.renewalStatus} = 'auto' offset 0
      ) auto
      where renewal_date between ${today}::date and ${addDays(today, RENEWS_SOON_DAYS)}::date
    )
    select id, renewal_date::text as renewal_date, (select count(*) from due)::int as total
    from due order by renewal_date, sort_name, id limit ${DASHBOARD_LIST_LIMIT}`);
  const due = (result as unknown as { rows: { id: number; renewal_date: string; total: number }[] })
    .rows;
  if (due.length === 0) return { rows: [], total: 0 };
  const found = await db
    .select(columns)
    .from(licenses)
    .where(
      inArray(
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
