// The chart of monthly totals. Recharts is large, so this file is loaded with React.lazy only
// when the page has costs to draw; the figures are also in the Droplet Costs card as text, so
// the chart is one image with a text alternative.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/client/lib/format";
import { monthLabel } from "@/domain/hosting";
import type { CostMonth } from "./cost-groups";

export default function MonthlyTotalsChart({ months }: { months: CostMonth[] }) {
  // Oldest on the left, as time reads.
  const data = [...months].reverse().map((group) => ({
    month: group.month,
    label: monthLabel(group.month).replace(/^(\w{3})\w*/, "$1"),
    total: Number(group.total),
  }));
  const description = `Monthly totals: ${[...months]
    .reverse()
    .map((group) => `${monthLabel(group.month)} ${formatMoney(group.total, "USD")}`)
    .join(", ")}`;
  return (
    <div
      role="img"
      aria-label={description}
      className="h-64 w-full"
      data-testid="monthly-totals-chart"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} />
          <YAxis tickFormatter={(value: number) => `$${value}`} width={64} tickLine={false} />
          <Tooltip
            formatter={(value) => [formatMoney(value, "USD"), "Total"]}
            labelFormatter={(_, payload) =>
              payload?.[0] ? monthLabel(String(payload[0].payload.month)) : ""
            }
          />
          <Bar
            dataKey="total"
            fill="var(--color-primary)"
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
