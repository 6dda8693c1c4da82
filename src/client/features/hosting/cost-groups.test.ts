import { describe, expect, it } from "vitest";
import { groupCostsByMonth } from "./cost-groups";

const row = (month: string, name: string, amount_usd: string) => ({
  droplet_id: name,
  name,
  project: null,
  month,
  amount_usd,
});

describe("groupCostsByMonth", () => {
  it("groups newest month first with exact totals and the dearest row first", () => {
    const groups = groupCostsByMonth([
      row("2026-10", "a", "0.10"),
      row("2026-11", "b", "1.00"),
      row("2026-10", "b", "0.20"),
      row("2025-12", "c", "3.00"),
      row("2026-11", "a", "10.00"),
    ]);
    expect(groups.map((g) => [g.month, g.total])).toEqual([
      ["2026-11", "11.00"],
      ["2026-10", "0.30"],
      ["2025-12", "3.00"],
    ]);
    expect(groups[0]!.rows.map((r) => r.name)).toEqual(["a", "b"]);
  });

  it("is empty without costs", () => {
    expect(groupCostsByMonth([])).toEqual([]);
  });
});
