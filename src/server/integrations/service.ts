// The workspace sync flow (issue 33, decision 0056), the same for every provider: the list of
// providers with their last run, a preview (read the provider, plan, write nothing) and a sync.
//
// A sync holds the provider's single-run lease (db/lease.ts) for its whole length, so that one
// sync per provider runs at a time across every instance sharing the database; a second is
// refused with 409. It reads the provider with no transaction open, then applies the plan in one
// transaction that also records the run: a failure anywhere writes nothing but the failed run's
// row, and the last good data stays as it was.
import { desc, eq } from "drizzle-orm";
import type { ActivityActor } from "../activity/record";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { type Lease, leaseHeld, runUnderLease } from "../db/lease";
import { integrationRuns } from "../db/schema";
import { AppError, conflict, notFound } from "../http/errors";
import { nextDailyRunAt } from "../lib/daily-due";
import type { Secrets } from "../lib/secrets";
import { emitNotification } from "../notifications/emit";
import type {
  Connector,
  IntegrationProvider,
  PlanOptions,
  SyncCounts,
  SyncPlan,
} from "./connector";
import { INTEGRATION_PROVIDERS } from "./connector";
import { googleWorkspaceConnector } from "./google-workspace/connector";
import { microsoft365Connector } from "./microsoft-365";
import { syncState } from "./scheduler";

/** The connectors this server has, by provider. */
// biome-ignore lint/suspicious/noExplicitAny: each connector has its own snapshot type
export const CONNECTORS: Partial<Record<IntegrationProvider, Connector<any>>> = {
  "google-workspace": googleWorkspaceConnector,
  "microsoft-365": microsoft365Connector,
};

/** A sync holds its provider's lease this long; a holder that dies is taken over after it. */
export const SYNC_LEASE_MINUTES = 15;
export const syncLease = (provider: IntegrationProvider): Lease => ({
  name: `integration-sync:${provider}`,
  holdMs: SYNC_LEASE_MINUTES * 60_000,
});

export interface SyncContext {
  db: Db;
  config: AppConfig;
  secrets: Secrets;
}

export interface SyncRequest {
  trigger: "manual" | "scheduled";
  actor: ActivityActor;
  now?: Date;
  /**
   * Checked once the lease is held, before reading the provider; false skips the sync (the
   * daily run's re-check: another instance may have synced between its look and the lease).
   */
  stillWanted?: () => Promise<boolean>;
}

function connectorOf(config: AppConfig, provider: IntegrationProvider) {
  const connector = CONNECTORS[provider];
  if (!connector) throw notFound("Integration");
  const missing = connector.missing(config);
  if (missing.length > 0) {
    throw conflict(
      "INTEGRATION_NOT_CONFIGURED",
      `${connector.name} is not configured: set ${missing.join(", ")}.`,
    );
  }
  return connector;
}

const planOptions = (config: AppConfig, now: Date): PlanOptions => ({
  createUsers: config.integrations.createUsers,
  now,
});

type RunRow = typeof integrationRuns.$inferSelect;
const runResponse = (run: RunRow) => ({
  id: run.id,
  trigger: run.trigger,
  started_at: run.startedAt.toISOString(),
  finished_at: run.finishedAt?.toISOString() ?? null,
  outcome: run.outcome,
  counts: (run.counts as SyncCounts | null) ?? null,
  error_code: run.errorCode,
  error_message: run.errorMessage,
});

/** Each provider this server has: configured or what is missing, running, its last run. */
export async function listIntegrations(db: Db, config: AppConfig, now = new Date()) {
  const providers = [];
  for (const provider of INTEGRATION_PROVIDERS) {
    const connector = CONNECTORS[provider];
    if (!connector) continue;
    const [last] = await db
      .select()
      .from(integrationRuns)
      .where(eq(integrationRuns.provider, provider))
      .orderBy(desc(integrationRuns.startedAt), desc(integrationRuns.id))
      .limit(1);
    const missing = connector.missing(config);
    providers.push({
      provider,
      name: connector.name,
      configured: missing.length === 0,
      missing,
      running: await leaseHeld(db, syncLease(provider)),
      last_run: last ? runResponse(last) : null,
      next_run_at:
        config.integrations.dailySync && missing.length === 0
          ? nextDailyRunAt(now, await syncState(db, provider)).toISOString()
          : null,
    });
  }
  return { providers };
}

const countsOf = (plan: SyncPlan): SyncCounts => ({
  created: plan.creates.length,
  changed: plan.changes.length,
  retired: plan.retirements.length,
  unmatched: plan.unmatchedPeople.length,
});

const planItemResponse = (item: SyncPlan["creates"][number]) => ({
  kind: item.kind,
  external_id: item.externalId,
  label: item.label,
  row_id: item.rowId ?? null,
  changes: item.changes ?? null,
});

/** What a sync would do now; writes nothing. */
export async function previewIntegration(
  { db, config }: SyncContext,
  provider: IntegrationProvider,
  now = new Date(),
) {
  const connector = connectorOf(config, provider);
  const snapshot = await connector.read(config);
  const plan = await connector.plan(db, snapshot, planOptions(config, now));
  return {
    provider,
    creates: plan.creates.map(planItemResponse),
    changes: plan.changes.map(planItemResponse),
    retirements: plan.retirements.map(planItemResponse),
    unmatched_people: plan.unmatchedPeople,
    counts: countsOf(plan),
  };
}

/**
 * Runs a sync under the provider's lease; null while another holds it, "skipped" when
 * `stillWanted` said no under the lease.
 */
export async function runSync(
  { db, config, secrets }: SyncContext,
  provider: IntegrationProvider,
  request: SyncRequest,
) {
  const connector = connectorOf(config, provider);
  return runUnderLease(db, syncLease(provider), async () => {
    if (request.stillWanted && !(await request.stillWanted())) return "skipped" as const;
    const startedAt = request.now ?? new Date();
    const options = { ...planOptions(config, startedAt), secrets };
    try {
      const snapshot = await connector.read(config);
      return await db.transaction(async (tx) => {
        const plan = await connector.plan(tx, snapshot, options);
        const counts = await connector.apply(tx, snapshot, plan, request.actor, options);
        const [run] = await tx
          .insert(integrationRuns)
          .values({
            provider,
            trigger: request.trigger,
            startedAt,
            finishedAt: new Date(),
            outcome: "succeeded",
            counts: { ...counts },
            userId: request.actor.userId,
          })
          .returning({ id: integrationRuns.id });
        return { provider, run_id: run!.id, counts };
      });
    } catch (error) {
      // A refusal the administrator can act on is kept as the run's outcome; a bug is not
      // described (its details are in the server log), but the run is still marked failed.
      const known = error instanceof AppError;
      const errorMessage = known ? error.message : "The sync failed on the server; see its log.";
      await db.transaction(async (tx) => {
        const [run] = await tx
          .insert(integrationRuns)
          .values({
            provider,
            trigger: request.trigger,
            startedAt,
            finishedAt: new Date(),
            outcome: "failed",
            errorCode: known ? error.code : "INTERNAL_ERROR",
            errorMessage,
            userId: request.actor.userId,
          })
          .returning({ id: integrationRuns.id });
        // The channels that chose sync_failed hear of it, with what the card says.
        await emitNotification(tx, {
          type: "sync_failed",
          key: `sync_failed:${provider}:${run!.id}`,
          title: `${connector.name} sync failed`,
          text: errorMessage,
          item: { area: "integrations", id: run!.id, label: connector.name },
          link: "/settings",
        });
      });
      throw error;
    }
  });
}

/** A sync asked for by an administrator; 409 INTEGRATION_SYNC_RUNNING while another runs. */
export async function syncIntegration(
  context: SyncContext,
  provider: IntegrationProvider,
  request: Omit<SyncRequest, "stillWanted">,
) {
  const connector = connectorOf(context.config, provider);
  const result = await runSync(context, provider, request);
  if (!result || result === "skipped") {
    throw conflict(
      "INTEGRATION_SYNC_RUNNING",
      `A ${connector.name} sync is already running. Wait for it to finish.`,
    );
  }
  return result;
}
