// The Google Workspace connector (issue 33, decision 0055) behind the shared preview/sync flow
// (server/integrations/connector.ts): `read` runs the client against Google, `plan` reads our G Suite
// rows and plans (planner.ts, pure), `apply` carries the plan out in the caller's transaction under
// its lease, every change recorded in the activity log as the sync's.
import { and, eq, inArray, sql } from "drizzle-orm";
import { changesBetween } from "../../../domain/activity";
import type { ActivityActor } from "../../activity/record";
import { recordActivity } from "../../activity/record";
import type { AppConfig } from "../../config";
import type { Executor } from "../../db/client";
import { gsuiteAccounts, gsuiteOrganizations, gsuitePlans, users } from "../../db/schema";
import { gsuiteAccountChanges } from "../../gsuite/gsuite-activity";
import { WITHOUT_KEPT_COUNTS } from "../../gsuite/kept-counts";
import { lockPlanNames, newPlanValues } from "../../gsuite/plans-service";
import type { Connector, PlanOptions, SyncCounts, SyncPlan } from "../connector";
import { usernameFor } from "../sync-users";
import { createGoogleWorkspaceClient, type GoogleWorkspaceSnapshot, readKeyFile } from "./client";
import {
  type DesiredAccount,
  GOOGLE_PROVIDER,
  type GoogleRows,
  planGoogleWorkspace,
} from "./planner";

/** Our rows the planner compares with Google's; `lock` takes the G Suite rows for update. */
export async function loadGoogleRows(
  db: Executor,
  options: { lock?: boolean } = {},
): Promise<GoogleRows> {
  const organizationsQuery = db
    .select({
      id: gsuiteOrganizations.id,
      name: gsuiteOrganizations.name,
      domain: gsuiteOrganizations.domain,
      syncProvider: gsuiteOrganizations.syncProvider,
      externalId: gsuiteOrganizations.externalId,
    })
    .from(gsuiteOrganizations)
    .orderBy(gsuiteOrganizations.id);
  const plansQuery = db
    .select({
      id: gsuitePlans.id,
      name: gsuitePlans.name,
      basePrice: gsuitePlans.basePrice,
      currency: gsuitePlans.currency,
      billingCycle: gsuitePlans.billingCycle,
      syncProvider: gsuitePlans.syncProvider,
      externalId: gsuitePlans.externalId,
    })
    .from(gsuitePlans)
    .orderBy(gsuitePlans.id);
  const accountsQuery = db
    .select({
      id: gsuiteAccounts.id,
      email: gsuiteAccounts.email,
      organization: gsuiteAccounts.organization,
      organizationId: gsuiteAccounts.organizationId,
      planType: gsuiteAccounts.planType,
      planId: gsuiteAccounts.planId,
      assignedToUserId: gsuiteAccounts.assignedToUserId,
      status: gsuiteAccounts.status,
      syncProvider: gsuiteAccounts.syncProvider,
      externalId: gsuiteAccounts.externalId,
      lastSignInAt: gsuiteAccounts.lastSignInAt,
      holderSuspended: gsuiteAccounts.holderSuspended,
    })
    .from(gsuiteAccounts)
    .orderBy(gsuiteAccounts.id);
  const [organizations, plans, accounts, people] = await Promise.all([
    options.lock ? organizationsQuery.for("update") : organizationsQuery,
    options.lock ? plansQuery.for("update") : plansQuery,
    options.lock ? accountsQuery.for("update") : accountsQuery,
    db
      .select({ id: users.id, email: users.email, isActive: users.isActive })
      .from(users)
      .where(sql`${users.email} is not null`),
  ]);
  return { organizations, plans, accounts, users: people };
}

/** The configuration variables still missing (empty: configured). */
export function missingGoogleWorkspaceConfig(config: AppConfig): string[] {
  const missing: string[] = [];
  if (!config.googleWorkspace.credentialsFile) missing.push("GOOGLE_WORKSPACE_CREDENTIALS_FILE");
  if (!config.googleWorkspace.admin) missing.push("GOOGLE_WORKSPACE_ADMIN");
  return missing;
}

export async function readGoogleWorkspace(
  config: AppConfig,
  signal?: AbortSignal,
  overrides: { fetch?: typeof fetch; sleep?: (ms: number) => Promise<void> } = {},
): Promise<GoogleWorkspaceSnapshot> {
  const settings = config.googleWorkspace;
  if (!settings.credentialsFile || !settings.admin) {
    throw new Error("Google Workspace is not configured (the flow checks missing() first)");
  }
  const client = createGoogleWorkspaceClient({
    keyFileJson: await readKeyFile(settings.credentialsFile),
    admin: settings.admin,
    adminApiUrl: settings.adminApiUrl,
    licensingApiUrl: settings.licensingApiUrl,
    customerId: settings.customerId,
    licenseProducts: settings.licenseProducts,
    // Shared by both providers (INTEGRATIONS_TIMEOUT_SECONDS, INTEGRATIONS_MAX_RETRY_WAIT_SECONDS).
    timeoutMs: config.integrations.timeoutMs,
    maxRetryWaitMs: config.integrations.maxRetryWaitMs,
    signal,
    ...overrides,
  });
  return client.read();
}

/**
 * Carries out the plan in `tx` (the caller's transaction, under the provider's lease). It plans
 * again from the snapshot over the rows read and locked here, so what is written is what the rows
 * are now, whatever changed since the preview; the counts are of what was written.
 */
export async function applyGoogleWorkspace(
  tx: Executor,
  snapshot: GoogleWorkspaceSnapshot,
  actor: ActivityActor,
  options: Pick<PlanOptions, "createUsers">,
): Promise<SyncCounts> {
  await lockPlanNames(tx);
  const rows = await loadGoogleRows(tx, { lock: true });
  const plan = planGoogleWorkspace(snapshot, rows, options);
  const counts: SyncCounts = { created: 0, changed: 0, retired: 0, unmatched: 0 };

  // Organizations.
  const organizationIds = new Map<string, number>();
  for (const row of rows.organizations) {
    if (row.syncProvider === GOOGLE_PROVIDER && row.externalId)
      organizationIds.set(row.externalId, row.id);
  }
  for (const { domain } of plan.organizations.create) {
    const [row] = await tx
      .insert(gsuiteOrganizations)
      .values({ name: domain, domain, syncProvider: GOOGLE_PROVIDER, externalId: domain })
      .returning();
    organizationIds.set(domain, row!.id);
    await recordActivity(tx, actor, {
      action: "create",
      area: "gsuite_organizations",
      itemId: row!.id,
      itemLabel: row!.domain,
      changes: changesBetween(null, row!, WITHOUT_KEPT_COUNTS),
    });
    counts.created++;
  }
  for (const { rowId, domain } of plan.organizations.link) {
    const [before] = await tx
      .select()
      .from(gsuiteOrganizations)
      .where(eq(gsuiteOrganizations.id, rowId));
    const [row] = await tx
      .update(gsuiteOrganizations)
      .set({ syncProvider: GOOGLE_PROVIDER, externalId: domain })
      .where(eq(gsuiteOrganizations.id, rowId))
      .returning();
    organizationIds.set(domain, rowId);
    await recordActivity(tx, actor, {
      action: "update",
      area: "gsuite_organizations",
      itemId: rowId,
      itemLabel: row!.domain,
      changes: changesBetween(before!, row!, WITHOUT_KEPT_COUNTS),
    });
    counts.changed++;
  }
  // An organization found by domain but already linked keeps its id.
  for (const row of rows.organizations) {
    const domain = row.domain.trim().toLowerCase();
    if (!organizationIds.has(domain)) organizationIds.set(domain, row.id);
  }

  // Plans.
  const plansByKey = new Map<string, (typeof rows.plans)[number]>();
  for (const row of rows.plans) {
    if (row.syncProvider === GOOGLE_PROVIDER && row.externalId) plansByKey.set(row.externalId, row);
  }
  for (const { key, name, description } of plan.plans.create) {
    const [row] = await tx
      .insert(gsuitePlans)
      .values({
        ...newPlanValues({
          name,
          description,
          basePrice: 0,
          currency: "AUD",
          billingCycle: "monthly",
          features: [],
        }),
        syncProvider: GOOGLE_PROVIDER,
        externalId: key,
      })
      .returning();
    plansByKey.set(key, row!);
    await recordActivity(tx, actor, {
      action: "create",
      area: "gsuite_plans",
      itemId: row!.id,
      itemLabel: row!.name,
      changes: changesBetween(null, row!, WITHOUT_KEPT_COUNTS),
    });
    counts.created++;
  }
  for (const { rowId, key } of plan.plans.link) {
    const [before] = await tx.select().from(gsuitePlans).where(eq(gsuitePlans.id, rowId));
    const [row] = await tx
      .update(gsuitePlans)
      .set({ syncProvider: GOOGLE_PROVIDER, externalId: key })
      .where(eq(gsuitePlans.id, rowId))
      .returning();
    plansByKey.set(key, row!);
    await recordActivity(tx, actor, {
      action: "update",
      area: "gsuite_plans",
      itemId: rowId,
      itemLabel: row!.name,
      changes: changesBetween(before!, row!, WITHOUT_KEPT_COUNTS),
    });
    counts.changed++;
  }

  // Users for unmatched people, only with INTEGRATIONS_CREATE_USERS.
  const newUserIds = new Map<string, number>();
  if (plan.newUsers.length > 0) {
    const taken = new Set(
      (await tx.select({ username: sql<string>`lower(${users.username})` }).from(users)).map(
        (row) => row.username,
      ),
    );
    for (const person of plan.newUsers) {
      const [user] = await tx
        .insert(users)
        .values({
          username: usernameFor(person.email, taken),
          passwordHash: null,
          fullName: person.name,
          email: person.email,
          role: "user",
        })
        .returning();
      newUserIds.set(person.email, user!.id);
      await recordActivity(tx, actor, {
        action: "create",
        area: "users",
        itemId: user!.id,
        itemLabel: user!.username,
        changes: changesBetween(null, user!, { secretFields: ["passwordHash"] }),
      });
      counts.created++;
    }
  }

  const fieldsOf = (desired: DesiredAccount) => {
    const planRow = plansByKey.get(desired.planKey)!;
    return {
      email: desired.email,
      organization: desired.domain,
      organizationId: organizationIds.get(desired.domain) ?? null,
      planType: planRow.name,
      planId: planRow.id,
      status: desired.status,
      syncProvider: GOOGLE_PROVIDER,
      externalId: desired.externalId,
      lastSignInAt: desired.lastSignInAt,
      holderSuspended: desired.holderSuspended,
      ...(desired.userId !== null
        ? { assignedToUserId: desired.userId }
        : desired.newHolder
          ? { assignedToUserId: newUserIds.get(desired.newHolder.email) ?? null }
          : {}),
    };
  };

  // Accounts: new ones start at their plan's price; an existing one's price is never touched.
  for (const desired of plan.accounts.create) {
    const planRow = plansByKey.get(desired.planKey)!;
    const [row] = await tx
      .insert(gsuiteAccounts)
      .values({
        assignedToUserId: null,
        ...fieldsOf(desired),
        passwordCiphertext: null,
        price: planRow.basePrice,
        paymentCurrency: planRow.currency as typeof gsuiteAccounts.$inferInsert.paymentCurrency,
        paymentFrequency:
          planRow.billingCycle as typeof gsuiteAccounts.$inferInsert.paymentFrequency,
      })
      .returning();
    await recordActivity(tx, actor, {
      action: "create",
      area: "gsuite",
      itemId: row!.id,
      itemLabel: row!.email,
      changes: gsuiteAccountChanges(null, row!),
    });
    counts.created++;
  }
  const changedIds = plan.accounts.change.map((item) => item.rowId);
  const before = new Map(
    changedIds.length === 0
      ? []
      : (await tx.select().from(gsuiteAccounts).where(inArray(gsuiteAccounts.id, changedIds))).map(
          (row) => [row.id, row] as const,
        ),
  );
  for (const { rowId, desired } of plan.accounts.change) {
    const [row] = await tx
      .update(gsuiteAccounts)
      .set(fieldsOf(desired))
      .where(eq(gsuiteAccounts.id, rowId))
      .returning();
    const previous = before.get(rowId)!;
    await recordActivity(tx, actor, {
      action:
        previous.assignedToUserId === row!.assignedToUserId
          ? "update"
          : row!.assignedToUserId === null
            ? "unassign"
            : "assign",
      area: "gsuite",
      itemId: rowId,
      itemLabel: row!.email,
      changes: gsuiteAccountChanges(previous, row!),
    });
    counts.changed++;
  }
  for (const { rowId } of plan.accounts.retire) {
    const [previous] = await tx.select().from(gsuiteAccounts).where(eq(gsuiteAccounts.id, rowId));
    const [row] = await tx
      .update(gsuiteAccounts)
      .set({ status: "inactive" })
      .where(and(eq(gsuiteAccounts.id, rowId), eq(gsuiteAccounts.syncProvider, GOOGLE_PROVIDER)))
      .returning();
    await recordActivity(tx, actor, {
      action: "update",
      area: "gsuite",
      itemId: rowId,
      itemLabel: row!.email,
      changes: gsuiteAccountChanges(previous!, row!),
    });
    counts.retired++;
  }
  counts.unmatched = plan.plan.unmatchedPeople.length - plan.newUsers.length;
  return counts;
}

/**
 * What the shared flow registers (service.ts's CONNECTORS["google-workspace"]). `name` is the
 * label the flow shows; typed beside Connector so that it compiles with or without the flow's
 * `name` in the contract.
 */
export const googleWorkspaceConnector: Connector<GoogleWorkspaceSnapshot> & {
  readonly name: string;
} = {
  provider: GOOGLE_PROVIDER,
  name: "Google Workspace",
  missing: missingGoogleWorkspaceConfig,
  read: (config, signal) => readGoogleWorkspace(config, signal),
  async plan(db, snapshot, options): Promise<SyncPlan> {
    return planGoogleWorkspace(snapshot, await loadGoogleRows(db), options).plan;
  },
  apply: (tx, snapshot, _plan, actor, options) =>
    applyGoogleWorkspace(tx, snapshot, actor, options),
};
