// The page's figures in SQL (spec part 2, 'G Suite Accounts' and section 9): counts, and monthly
// values summed per currency, then the handful of sums converted to AUD in the domain. An
// account's monthly value is its plan's base price when its plan type names a plan, else its own
// price, whatever the billing frequency.
import { count, eq, sql } from "drizzle-orm";
import type { GsuiteCurrency } from "../../domain/enums";
import { type CurrencySum, monthlyValueFigures, totalInAud } from "../../domain/gsuite";
import type { GsuiteSummaryResponse } from "../../domain/schemas/gsuite";
import type { Db } from "../db/client";
import { gsuiteAccounts, gsuiteOrganizations, gsuitePlans } from "../db/schema";
import { aud } from "./currency";

const value = sql<number>`sum(coalesce(${gsuitePlans.basePrice}, ${gsuiteAccounts.price}))`.mapWith(
  Number,
);
const currency = sql<GsuiteCurrency>`coalesce(${gsuitePlans.currency}, ${gsuiteAccounts.paymentCurrency})`;

export async function gsuiteSummary(db: Db): Promise<GsuiteSummaryResponse> {
  // One pass over the accounts grouped by organization, plan type and currency answers every
  // figure; the counts of organizations and plans are two tiny reads beside it.
  const [groups, [counts], [organizations], [plans], convert] = await Promise.all([
    db
      .select({
        organizationId: gsuiteAccounts.organizationId,
        planType: gsuiteAccounts.planType,
        planId: gsuiteAccounts.planId,
        currency,
        accounts: count(),
        amount: value,
      })
      .from(gsuiteAccounts)
      .leftJoin(gsuitePlans, eq(gsuitePlans.id, gsuiteAccounts.planId))
      .groupBy(
        gsuiteAccounts.organizationId,
        gsuiteAccounts.planType,
        gsuiteAccounts.planId,
        currency,
      ),
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${gsuiteAccounts.status} = 'active')`.mapWith(
          Number,
        ),
        unassigned:
          sql<number>`count(*) filter (where ${gsuiteAccounts.assignedToUserId} is null)`.mapWith(
            Number,
          ),
      })
      .from(gsuiteAccounts),
    db.select({ n: count() }).from(gsuiteOrganizations),
    db.select({ n: count() }).from(gsuitePlans),
    aud(db),
  ]);

  const sums: CurrencySum[] = [];
  const byOrganization = new Map<
    number,
    { accountCount: number; sums: CurrencySum[]; plans: Map<string, number> }
  >();
  const byPlanType = new Map<
    string,
    { planId: number | null; users: number; sums: CurrencySum[] }
  >();
  for (const group of groups) {
    const accounts = Number(group.accounts);
    const sum = { currency: group.currency, amount: group.amount };
    sums.push(sum);
    if (group.organizationId !== null) {
      const organization = byOrganization.get(group.organizationId) ?? {
        accountCount: 0,
        sums: [] as CurrencySum[],
        plans: new Map<string, number>(),
      };
      organization.accountCount += accounts;
      organization.sums.push(sum);
      organization.plans.set(
        group.planType,
        (organization.plans.get(group.planType) ?? 0) + accounts,
      );
      byOrganization.set(group.organizationId, organization);
    }
    const planType = byPlanType.get(group.planType) ?? {
      planId: group.planId,
      users: 0,
      sums: [] as CurrencySum[],
    };
    planType.users += accounts;
    planType.sums.push(sum);
    planType.planId ??= group.planId;
    byPlanType.set(group.planType, planType);
  }

  const totalAccounts = Number(counts?.total ?? 0);
  return {
    totalAccounts,
    activeAccounts: Number(counts?.active ?? 0),
    unassignedAccounts: Number(counts?.unassigned ?? 0),
    organizationCount: Number(organizations?.n ?? 0),
    planCount: Number(plans?.n ?? 0),
    ...monthlyValueFigures(sums, totalAccounts, convert),
    organizations: [...byOrganization].map(([id, organization]) => ({
      id,
      accountCount: organization.accountCount,
      monthlyCostAud: totalInAud(organization.sums, convert),
      plans: [...organization.plans].map(([planType, n]) => ({ planType, count: n })),
    })),
    planTypes: [...byPlanType]
      .map(([planType, row]) => ({
        planType,
        planId: row.planId,
        users: row.users,
        totalCostAud: totalInAud(row.sums, convert),
      }))
      .sort((a, b) => a.planType.localeCompare(b.planType)),
  };
}
