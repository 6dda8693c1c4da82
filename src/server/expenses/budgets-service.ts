// The monthly budgets (issue 34 item 4): one row read and written whole, the change logged under
// Expenses, and the month's spend checked against them right away (budget-alerts.ts) so a budget
// set under what is already spent alerts without waiting for the next reminder pass.
import { eq } from "drizzle-orm";
import { changesBetween } from "../../domain/activity";
import { type Budgets, NO_BUDGETS } from "../../domain/expenses/budgets";
import type { DisplayCurrencyCode } from "../../domain/expenses/schemas";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Db, Executor } from "../db/client";
import { budgets } from "../db/schema";

export async function readBudgets(db: Executor): Promise<Budgets> {
  const [row] = await db.select().from(budgets).where(eq(budgets.id, 1)).limit(1);
  if (!row) return NO_BUDGETS;
  return {
    currency: row.currency as DisplayCurrencyCode,
    total: row.total,
    bySource: {
      licenses: row.licenses,
      directories: row.directories,
      gsuite: row.gsuite,
      hosting: row.hosting,
    },
  };
}

const flat = (b: Budgets) => ({ currency: b.currency, total: b.total, ...b.bySource });

export async function saveBudgets(
  db: Db,
  input: Budgets,
  actor: ActivityActor,
  afterSave: (tx: Executor) => Promise<unknown>,
): Promise<Budgets> {
  return db.transaction(async (tx) => {
    const before = await readBudgets(tx);
    const values = { ...flat(input), updatedBy: actor.userId, updatedAt: new Date() };
    await tx
      .insert(budgets)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: budgets.id, set: values });
    const changes = changesBetween(flat(before), flat(input));
    if (changes) {
      await recordActivity(tx, actor, {
        action: "update",
        area: "expenses",
        itemId: null,
        itemLabel: "Monthly budgets",
        changes,
      });
    }
    await afterSave(tx);
    return input;
  });
}
