// The licenses section of the dashboard summary, in SQL with LIMITs: the count, the three newest,
// Needs Attention and Renews Soon. The rules are the domain's (domain/dashboard.ts); this is their
// SQL twin, checked against those functions at the edges in summary.test.ts.
import { and, count, countDistinct, desc, eq, gte, isNotNull, lte, ne, sql } from "drizzle-orm";
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
  sql<string>`coalesce(qm_next_occurrence(${licenses.purchaseDate}, ${licenses.paymentFrequency}, ${today}::date), ${licenses.expiryDate})`;

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
  const renewsWhere = and(
    eq(licenses.renewalStatus, "auto"),
    sql`${renewalDate(today)} between ${today}::date and ${addDays(today, RENEWS_SOON_DAYS)}::date`,
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
    selectPage(db, {
      from: licenses,
      where: renewsWhere,
      bounds,
      select: (total) =>
        db
          .select({ license: columns, renewalDate: renewalDate(today), total })
          .from(licenses)
          .where(renewsWhere)
          .orderBy(renewalDate(today), lowerName, licenses.id)
          .$dynamic(),
    }),
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
      total: renews.total ?? 0,
    },
  };
}
