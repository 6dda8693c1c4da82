// The daily sync (issue 33, decision 0056): with a provider configured and INTEGRATIONS_DAILY_SYNC
// on (the default), every server looks now and then whether the provider was synced in the last
// day and, if not, syncs it (lib/daily-due.ts). The provider's single-run lease lets one instance do it; the others
// find it running or, once it is done, no longer due (re-checked under the lease).
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { integrationRuns } from "../db/schema";
import { type DailyRuns, dailyDue } from "../lib/daily-due";
import { recordJobRun } from "../lib/job-metrics";
import { repeatLooks } from "../lib/repeat-looks";
import type { IntegrationProvider } from "./connector";
import { CONNECTORS, runSync, type SyncContext } from "./service";
import { syncActor } from "./sync-actor";

const MINUTE_MS = 60_000;
/** How often each server looks. */
export const CHECK_EVERY_MS = 15 * MINUTE_MS;
export const FIRST_CHECK_AFTER_MS = 2 * MINUTE_MS;

export async function syncState(db: Db, provider: IntegrationProvider): Promise<DailyRuns> {
  const success = sql`max(${integrationRuns.finishedAt}) filter (where ${integrationRuns.outcome} = 'succeeded')`;
  const [row] = await db
    .select({
      lastSuccessAt: success.mapWith(integrationRuns.finishedAt),
      lastAttemptAt: sql`max(${integrationRuns.startedAt})`.mapWith(integrationRuns.startedAt),
    })
    .from(integrationRuns)
    .where(and(eq(integrationRuns.provider, provider)));
  return { lastSuccessAt: row?.lastSuccessAt ?? null, lastAttemptAt: row?.lastAttemptAt ?? null };
}

export type DailyOutcome = "not-configured" | "not-due" | "synced" | "failed" | "busy";

/** One look at one provider: syncs it when due. Never throws (the outcome says what happened). */
export async function syncIfDue(
  context: SyncContext,
  provider: IntegrationProvider,
  now: Date,
  onError: (error: unknown) => void = () => {},
): Promise<DailyOutcome> {
  const connector = CONNECTORS[provider];
  if (!connector || connector.missing(context.config).length > 0) return "not-configured";
  try {
    if (!dailyDue(now, await syncState(context.db, provider))) return "not-due";
    const result = await runSync(context, provider, {
      trigger: "scheduled",
      actor: syncActor(null),
      now,
      stillWanted: async () => dailyDue(now, await syncState(context.db, provider)),
    });
    if (result === null) return "busy";
    return result === "skipped" ? "not-due" : "synced";
  } catch (error) {
    onError(error);
    return "failed";
  }
}

export interface DailySchedule {
  context: SyncContext;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
  now?: () => Date;
  firstCheckAfterMs?: number;
  checkEveryMs?: number;
}

/** Starts the looks; returns the function that stops them. */
export function scheduleDailySync(schedule: DailySchedule): () => void {
  const now = schedule.now ?? (() => new Date());
  return repeatLooks(
    async () => {
      for (const provider of Object.keys(CONNECTORS) as IntegrationProvider[]) {
        const outcome = await syncIfDue(schedule.context, provider, now(), (error) =>
          // The message says what to do; it never holds a secret (connector.ts).
          schedule.log.warn(
            {
              provider,
              code: (error as { code?: string })?.code,
              message: (error as Error)?.message,
            },
            "scheduled workspace sync failed",
          ),
        );
        if (outcome === "not-configured") continue;
        if (outcome === "synced")
          schedule.log.info({ provider }, "scheduled workspace sync finished");
        recordJobRun(`integration_sync_${provider}`, outcome === "failed" ? "failure" : "success");
      }
    },
    {
      firstAfterMs: schedule.firstCheckAfterMs ?? FIRST_CHECK_AFTER_MS,
      everyMs: schedule.checkEveryMs ?? CHECK_EVERY_MS,
      onError: (error) => schedule.log.warn({ err: error }, "scheduled workspace sync failed"),
    },
  );
}
