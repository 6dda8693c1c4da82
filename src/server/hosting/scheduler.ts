// The daily refresh: with a token configured, every server checks now and then whether the
// running month was imported in the last day and, if not, imports it (lib/daily-due.ts). The import's single-run
// lease lets only one instance do it; the others see the import running or, once it is done, no
// longer due (re-checked under the lease).

import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { systemActor } from "../activity/record";
import type { Db, Executor } from "../db/client";
import { hostingImports } from "../db/schema";
import { AppError } from "../http/errors";
import { type DailyRuns, dailyDue } from "../lib/daily-due";
import { recordJobRun } from "../lib/job-metrics";
import { repeatLooks } from "../lib/repeat-looks";
import { runHostingImport } from "./import-service";
import type { HostingProvider } from "./provider";

const MINUTE_MS = 60_000;
/** How often each server looks. */
export const CHECK_EVERY_MS = 15 * MINUTE_MS;
/** The first look after start. */
export const FIRST_CHECK_AFTER_MS = MINUTE_MS;

async function refreshState(db: Executor): Promise<DailyRuns> {
  // Mapped by the columns, so both drivers give Dates.
  const success = sql`max(${hostingImports.finishedAt}) filter (where ${hostingImports.outcome} = 'success')`;
  const [row] = await db
    .select({
      lastSuccessAt: success.mapWith(hostingImports.finishedAt),
      lastAttemptAt: sql`max(${hostingImports.startedAt})`.mapWith(hostingImports.startedAt),
    })
    .from(hostingImports);
  return { lastSuccessAt: row?.lastSuccessAt ?? null, lastAttemptAt: row?.lastAttemptAt ?? null };
}

export type RefreshOutcome = "not-due" | "imported" | "failed" | "busy";

/** One look: imports the running month when due. Never throws (the outcome says what happened). */
export async function refreshIfDue(
  db: Db,
  provider: HostingProvider,
  now: Date,
  onError: (error: unknown) => void = () => {},
): Promise<RefreshOutcome> {
  try {
    if (!dailyDue(now, await refreshState(db))) return "not-due";
    const result = await runHostingImport(db, provider, {
      kind: "latest",
      trigger: "scheduled",
      actor: systemActor,
      now,
      // Another instance may have imported between the look and the claim.
      stillWanted: async (tx) => dailyDue(now, await refreshState(tx)),
    });
    return result ? "imported" : "not-due";
  } catch (error) {
    if (error instanceof AppError && error.code === "IMPORT_IN_PROGRESS") return "busy";
    onError(error);
    return "failed";
  }
}

export interface RefreshSchedule {
  db: Db;
  /** Read at every look, so a configuration without a token simply does nothing. */
  provider: () => HostingProvider | null;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
  now?: () => Date;
  firstCheckAfterMs?: number;
  checkEveryMs?: number;
}

/** Starts the looks; returns the function that stops them. */
export function scheduleHostingRefresh(schedule: RefreshSchedule): () => void {
  const now = schedule.now ?? (() => new Date());
  return repeatLooks(
    async () => {
      const provider = schedule.provider();
      if (!provider) return;
      const outcome = await refreshIfDue(schedule.db, provider, now(), (error) =>
        schedule.log.warn({ err: error }, "scheduled hosting import failed"),
      );
      if (outcome === "imported") schedule.log.info("scheduled hosting import finished");
      recordJobRun("hosting_refresh", outcome === "failed" ? "failure" : "success");
    },
    {
      firstAfterMs: schedule.firstCheckAfterMs ?? FIRST_CHECK_AFTER_MS,
      everyMs: schedule.checkEveryMs ?? CHECK_EVERY_MS,
      onError: (error) => schedule.log.warn({ err: error }, "scheduled hosting import failed"),
    },
  );
}
