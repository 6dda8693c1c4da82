// Hosting costs (administrators only) through listCosts: every imported droplet cost, newest
// month first. That list is not paged (one row per droplet and month), so this table is one read.
import type { HostingCost } from "../../../domain/schemas/hosting";
import type { Executor } from "../../db/client";
import { listCosts } from "../../hosting/read-service";
import type { ExportTable } from "../table";

export function hostingCostTable(db: Executor): ExportTable<HostingCost> {
  return {
    name: "hosting-costs",
    title: "Hosting Costs",
    filters: [],
    columns: [
      { header: "Month", type: "text", value: (c) => c.month, weight: 0.8 },
      { header: "Droplet", type: "text", value: (c) => c.name, weight: 2 },
      { header: "Droplet ID", type: "text", value: (c) => c.droplet_id },
      { header: "Project", type: "text", value: (c) => c.project, weight: 1.5 },
      { header: "Amount", type: "money", value: (c) => c.amount_usd },
      { header: "Currency", type: "currency", value: () => "USD", weight: 0.6 },
    ],
    pages: async function* () {
      yield await listCosts(db);
    },
  };
}
