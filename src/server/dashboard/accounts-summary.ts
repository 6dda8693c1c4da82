// The office accounts section of the dashboard summary: counts by status over what the viewer may
// see, and for administrators the active accounts' monthly expense, summed in SQL per currency
// and converted in the domain (dashboard-figures.ts) with the stored rates. Both come from the
// accounts grouped per status and currency: kept groups for administrators, who see every
// account, and a grouping of the viewer's own accounts for anyone else.
import { sql } from "drizzle-orm";
import { officeAccountsMonthlyExpense } from "../../domain/dashboard-figures";
import type { AccountStatus, Currency } from "../../domain/enums";
import type { DashboardSummaryResponse } from "../../domain/schemas/dashboard";
import { accountVisibility } from "../accounts/access";
import type { ActiveSession } from "../auth/sessions";
import { loadCurrencyRates } from "../currency-rates/service";
import type { Db } from "../db/client";
import { accounts, officeAccountGroups } from "../db/schema";

type AccountsSection = DashboardSummaryResponse["officeAccounts"];

type Group = { status: AccountStatus; currency: Currency; count: number; amount: string | null };

export async function officeAccountsSummary(
  db: Db,
  session: ActiveSession,
): Promise<AccountsSection> {
  const isAdmin = session.user.role === "admin";
  const [groups, rates] = await Promise.all([
    isAdmin ? keptGroups(db) : visibleGroups(db, session),
    isAdmin ? loadCurrencyRates(db) : null,
  ]);

  const byStatus = new Map<AccountStatus, number>();
  const activeSums: { currency: Currency; amount: number }[] = [];
  let total = 0;
  for (const group of groups) {
    total += group.count;
    byStatus.set(group.status, (byStatus.get(group.status) ?? 0) + group.count);
    if (group.status === "active" && group.amount !== null) {
      activeSums.push({ currency: group.currency, amount: Number(group.amount) });
    }
  }
  return {
    total,
    byStatus: [...byStatus].map(([status, count]) => ({ status, count })),
    active: byStatus.get("active") ?? 0,
    monthlyExpense: rates ? officeAccountsMonthlyExpense(activeSums, rates) : null,
  };
}

// Administrators see every account: the groups kept by triggers on accounts (migration 0062,
// decision 0068) are a handful of rows however many accounts there are. `paid` = 0 answers no
// amount, as the sum over the table's null amounts would.
const keptGroups = (db: Db): Promise<Group[]> =>
  db
    .select({
      status: officeAccountGroups.status,
      currency: officeAccountGroups.currency,
      count: officeAccountGroups.accounts,
      amount: sql<
        string | null
      >`case when ${officeAccountGroups.paid} > 0 then ${officeAccountGroups.amount}::text end`,
    })
    .from(officeAccountGroups)
    .orderBy(officeAccountGroups.status, officeAccountGroups.currency);

// Anyone else sees only the accounts assigned to them: few rows, grouped as they are read.
const visibleGroups = (db: Db, session: ActiveSession): Promise<Group[]> =>
  db
    .select({
      status: accounts.status,
      currency: accounts.paymentCurrency,
      count: sql<number>`count(*)`.mapWith(Number),
      // numeric, read as text and parsed once per group: exact to the cent.
      amount: sql<string | null>`sum(${accounts.paymentAmount})::text`,
    })
    .from(accounts)
    .where(accountVisibility(db, session))
    .groupBy(accounts.status, accounts.paymentCurrency)
    .orderBy(accounts.status, accounts.paymentCurrency);
