// The Droplet Costs card's grouping: cost rows by month, newest first, each with its exact total
// (summed in cents, never as floats) and its rows dearest first.
import { type BillingMonth, formatCents, parseCents } from "@/domain/hosting";
import type { HostingCost } from "@/domain/schemas/hosting";

export interface CostMonth {
  month: BillingMonth;
  /** Decimal string, two places. */
  total: string;
  rows: HostingCost[];
}

export function groupCostsByMonth(costs: readonly HostingCost[]): CostMonth[] {
  const byMonth = new Map<string, { cents: bigint; rows: HostingCost[] }>();
  for (const cost of costs) {
    const group = byMonth.get(cost.month) ?? { cents: 0n, rows: [] };
    group.cents += parseCents(cost.amount_usd) ?? 0n;
    group.rows.push(cost);
    byMonth.set(cost.month, group);
  }
  const cents = (row: HostingCost) => parseCents(row.amount_usd) ?? 0n;
  return [...byMonth.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([month, group]) => ({
      month,
      total: formatCents(group.cents),
      rows: [...group.rows].sort((a, b) => {
        const difference = cents(b) - cents(a);
        if (difference !== 0n) return difference > 0n ? 1 : -1;
        return a.name.localeCompare(b.name);
      }),
    }));
}
