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
  type DashboardSummaryResponse,
} from "../../domain/schemas/dashboard";
import type { ActiveSession } from "../auth/sessions";
import type { Db } from "../db/client";
import { licenseAssignments, licenses } from "../db/schema";
import { selectPage } from "../lib/paging";
import { licenseListColumns, toLicenseResponse } from "../licenses/license-response";
import { countActiveSeats } from "../licenses/service";

type LicenseSection = DashboardSummaryResponse["licenses"];

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
      .select(licenseListColumns)
      .from(licenses)
      .orderBy(desc(licenses.createdAt), desc(licenses.id))
      .limit(RECENTLY_ADDED_COUNT),
    selectPage(db, {
      from: licenses,
      where: attentionWhere,
      bounds,
      select: (total) =>
        db
          .select({ license: licenseListColumns, total })
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
          .select({ license: licenseListColumns, renewalDate: renewalDate(today), total })
          .from(licenses)
          .where(renewsWhere)
          .orderBy(renewalDate(today), lowerName, licenses.id)
          .$dynamic(),
    }),
  ]);

  const shown = [
    ...newest,
    ...attention.rows.map((r) => r.license),
    ...renews.rows.map((r) => r.license),
  ];
  const seats = await countActiveSeats(db, [...new Set(shown.map((license) => license.id))]);
  const withSeats = (license: (typeof shown)[number]) =>
    toLicenseResponse(license, seats.get(license.id) ?? 0);

  return {
    total: all?.total ?? 0,
    recentlyAdded: newest.map(withSeats),
    needsAttention: {
      items: attention.rows.map(({ license }) => ({
        license: withSeats(license),
        daysLeft: daysBetween(today, license.expiryDate!),
      })),
      total: attention.total ?? 0,
    },
    renewsSoon: {
      items: renews.rows.map(({ license, renewalDate }) => ({
        license: withSeats(license),
        renewalDate,
        daysUntilRenewal: daysBetween(today, renewalDate),
      })),
      total: renews.total ?? 0,
    },
  };
}
