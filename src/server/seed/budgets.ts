// Demo monthly budgets (issue 34): overall and for licenses, in AUD, so Expense Analysis shows
// this month's spend against them; the other sources have none.
import { budgets } from "../db/schema";
import type { SeedContext } from "./context";

export async function seedBudgets({ tx, person }: SeedContext) {
  await tx.insert(budgets).values({
    currency: "AUD",
    total: 6000,
    licenses: 3000,
    directories: null,
    gsuite: null,
    hosting: null,
    updatedBy: person("admin").id,
  });
}
