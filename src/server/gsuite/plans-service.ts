// G Suite plans: a name, a base price in AUD, USD or INR and a billing cycle. Accounts name their
// plan by planType (the spec's field) and planId; a rename carries over to the accounts, so the
// two never disagree, and a plan in use cannot be deleted. Each change is recorded in the
// activity log (area gsuite_plans) in its own transaction.
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { changesBetween } from "../../domain/activity";
import type {
  CreatePlanRequest,
  PlanResponse,
  UpdatePlanRequest,
} from "../../domain/schemas/gsuite";
import { type ActivityActor, recordActivity } from "../activity/record";
import { lockForTransaction } from "../db/advisory-locks";
import type { Db, Executor } from "../db/client";
import { gsuiteAccounts, gsuitePlans } from "../db/schema";
import { updateRow } from "../db/update-row";
import { conflict, notFound } from "../http/errors";
import { WITHOUT_KEPT_COUNTS } from "./kept-counts";

type PlanRow = typeof gsuitePlans.$inferSelect;

export const DUPLICATE_NAME = "A plan with this name already exists";
const duplicateName = () =>
  conflict("DUPLICATE_RECORD", DUPLICATE_NAME, [{ path: "name", message: DUPLICATE_NAME }]);

const toResponse = (row: PlanRow, accountCount: number): PlanResponse => ({
  id: row.id,
  name: row.name,
  description: row.description,
  basePrice: row.basePrice,
  currency: row.currency,
  billingCycle: row.billingCycle,
  features: row.features ?? [],
  accountCount,
  createdAt: row.createdAt.toISOString(),
});

export async function findPlan(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(gsuitePlans).where(eq(gsuitePlans.id, id)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound("Plan");
  return row;
}

/** The plan with this name (case-insensitive), if any. */
export async function findPlanByName(db: Executor, name: string, exceptId?: number) {
  const [row] = await db
    .select()
    .from(gsuitePlans)
    .where(
      and(
        sql`lower(${gsuitePlans.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(gsuitePlans.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

async function accountsOnPlan(db: Executor, id: number) {
  const [used] = await db
    .select({ accounts: count() })
    .from(gsuiteAccounts)
    .where(eq(gsuiteAccounts.planId, id));
  return Number(used?.accounts ?? 0);
}

/** One plan with its number of accounts, as the list shows it. */
export async function getPlan(db: Db, id: number): Promise<PlanResponse> {
  return toResponse(await findPlan(db, id), await accountsOnPlan(db, id));
}

/** Every plan by name, each with the number of accounts the triggers of migration 0039 keep. */
export async function listPlans(db: Db): Promise<PlanResponse[]> {
  const rows = await db
    .select()
    .from(gsuitePlans)
    .orderBy(asc(sql`lower(${gsuitePlans.name})`), asc(gsuitePlans.id));
  return rows.map((row) => toResponse(row, row.accountCount));
}

// Names are unique per table; the check and the insert run under a table-level advisory lock so
// two concurrent adds of one name cannot both pass it.
export const lockPlanNames = (tx: Executor) => lockForTransaction(tx, "gsuitePlanNames");

/** A new plan's row from the Add Plan form's fields: the form and the import write the same. */
export const newPlanValues = (input: CreatePlanRequest) => ({
  name: input.name,
  description: input.description ?? null,
  basePrice: input.basePrice,
  currency: input.currency,
  billingCycle: input.billingCycle,
  features: input.features ?? [],
});

export async function createPlan(db: Db, input: CreatePlanRequest, actor: ActivityActor) {
  return db.transaction(async (tx) => {
    await lockPlanNames(tx);
    if (await findPlanByName(tx, input.name)) throw duplicateName();
    const [row] = await tx.insert(gsuitePlans).values(newPlanValues(input)).returning();
    await recordActivity(tx, actor, {
      action: "create",
      area: "gsuite_plans",
      itemId: row!.id,
      itemLabel: row!.name,
      changes: changesBetween(null, row!, WITHOUT_KEPT_COUNTS),
    });
    return toResponse(row!, 0);
  });
}

export async function updatePlan(
  db: Db,
  id: number,
  input: UpdatePlanRequest,
  actor: ActivityActor,
) {
  return db.transaction(async (tx) => {
    await lockPlanNames(tx);
    const current = await findPlan(tx, id, { lock: true });
    if (input.name !== undefined && (await findPlanByName(tx, input.name, id))) {
      throw duplicateName();
    }
    const row = await updateRow(tx, gsuitePlans, eq(gsuitePlans.id, id), current, {
      name: input.name,
      description: input.description,
      basePrice: input.basePrice,
      currency: input.currency,
      billingCycle: input.billingCycle,
      features: input.features === null ? [] : input.features,
    });
    let renamedAccounts = 0;
    if (input.name !== undefined && input.name !== current.name) {
      // The accounts' plan type is the plan's name: it follows a rename in the same transaction.
      const renamed = await tx
        .update(gsuiteAccounts)
        .set({ planType: input.name })
        .where(eq(gsuiteAccounts.planId, id))
        .returning({ id: gsuiteAccounts.id });
      renamedAccounts = renamed.length;
    }
    // Recorded once, on the plan: the accounts' new plan type follows from its new name, and
    // how many followed is kept rather than a record per account.
    const changes = changesBetween(current, row, WITHOUT_KEPT_COUNTS);
    if (changes) {
      await recordActivity(tx, actor, {
        action: "update",
        area: "gsuite_plans",
        itemId: id,
        itemLabel: row.name,
        changes,
        detail: renamedAccounts > 0 ? { accountsRenamed: renamedAccounts } : null,
      });
    }
    return toResponse(row, await accountsOnPlan(tx, id));
  });
}

/** Refused (409, naming how many) while any account is on the plan. */
export async function deletePlan(db: Db, id: number, actor: ActivityActor) {
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, id, { lock: true });
    const n = await accountsOnPlan(tx, id);
    if (n > 0) {
      const using = n === 1 ? "1 account uses it" : `${n} accounts use it`;
      throw conflict("STILL_REFERENCED", `This plan cannot be deleted: ${using}`);
    }
    await tx.delete(gsuitePlans).where(eq(gsuitePlans.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      area: "gsuite_plans",
      itemId: id,
      itemLabel: plan.name,
      changes: changesBetween(plan, null, WITHOUT_KEPT_COUNTS),
    });
  });
}
