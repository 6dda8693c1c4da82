// The daily sync (issue 33, decision 0056): with a provider configured and INTEGRATIONS_DAILY_SYNC
// on (the default), every server looks now and then whether the provider was synced in the last
// day and, if not, syncs it. The provider's single-run lease lets one instance do it; the others
// find it running or, once it is done, no longer due (re-checked under the lease).
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { integrationRuns } from "../db/schema";
import { recordJobRun } from "../lib/job-metrics";
import type { IntegrationProvider } from "./connector";
import { CONNECTORS, runSync, type SyncContext } from "./service";
import { syncActor } from "./sync-actor";

const MINUTE_MS = 60_000;
/** A sync is due this long after the provider's last successful one (manual ones count). */
export const SYNC_EVERY_MS = 24 * 60 * MINUTE_MS;
/** After any attempt (a failed one too), wait this long before the next. */
export const RETRY_AFTER_MS = 60 * MINUTE_MS;
/** How often each server looks. */
export const CHECK_EVERY_MS = 15 * MINUTE_MS;
export const FIRST_CHECK_AFTER_MS = 2 * MINUTE_MS;

export interface SyncState {
  lastSuccessAt: Date | null;
  lastAttemptAt: Date | null;
}

/** Due when the last success is a day old (or there is none) and nothing was tried in the last hour. */
export function syncDue(now: Date, state: SyncState): boolean {
  const since = (at: Date | null) => (at ? now.getTime() - at.getTime() : Number.POSITIVE_INFINITY);
  return (
    since(state.lastSuccessAt) >= SYNC_EVERY_MS && since(state.lastAttemptAt) >= RETRY_AFTER_MS
  );
}

export async function syncState(db: Db, provider: IntegrationProvider): Promise<SyncState> {
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

/** When the provider's next daily sync is due (never before now), or null when none will run. */
export function nextSyncAt(now: Date, state: SyncState): Date {
  const after = (at: Date | null, ms: number) => (at ? at.getTime() + ms : 0);
  return new Date(
    Math.max(
      now.getTime(),
      after(state.lastSuccessAt, SYNC_EVERY_MS),
      after(state.lastAttemptAt, RETRY_AFTER_MS),
    ),
  );
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
    if (!syncDue(now, await syncState(context.db, provider))) return "not-due";
    const result = await runSync(context, provider, {
      trigger: "scheduled",
      actor: syncActor(null),
      now,
      stillWanted: async () => syncDue(now, await syncState(context.db, provider)),
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
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const look = async () => {
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
    if (!stopped) {
      timer = setTimeout(look, schedule.checkEveryMs ?? CHECK_EVERY_MS);
      timer.unref();
    }
  };
  timer = setTimeout(look, schedule.firstCheckAfterMs ?? FIRST_CHECK_AFTER_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
