// The daily prune of the activity log (AUDIT_RETENTION_DAYS): every instance looks once an hour;
// pruneActivity's advisory lock and its "a prune recorded in the last day" check let one instance
// prune once a day however many share the database. Started when the server listens (not in
// tests driven by inject), stopped when it closes.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { recordJobRun } from "../lib/job-metrics";
import { repeatLooks } from "../lib/repeat-looks";
import { pruneActivity } from "./retention";

const MINUTE_MS = 60_000;
export const PRUNE_EVERY_MS = 24 * 60 * MINUTE_MS;
const LOOK_EVERY_MS = 60 * MINUTE_MS;
/** The first look after start, so a fleet restarting together does not all ask at once. */
const FIRST_LOOK_AFTER_MS = 2 * MINUTE_MS;

export interface RetentionSchedule {
  db: Db;
  retentionDays: number;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
  firstLookAfterMs?: number;
  lookEveryMs?: number;
}

/** One look: prunes when no instance has in the last day. Never throws. */
export async function pruneIfDue(
  schedule: Pick<RetentionSchedule, "db" | "retentionDays" | "log">,
  now = new Date(),
) {
  try {
    const outcome = await pruneActivity(schedule.db, schedule.retentionDays, now, {
      onlyIfNoneWithinMs: PRUNE_EVERY_MS,
    });
    if (typeof outcome === "object") {
      schedule.log.info({ pruned: outcome.pruned }, "activity log pruned");
    }
    return outcome;
  } catch (error) {
    schedule.log.warn({ err: error }, "activity log prune failed");
    return "failed" as const;
  }
}

/** Starts the looks; returns the function that stops them. */
export function scheduleActivityRetention(schedule: RetentionSchedule): () => void {
  return repeatLooks(
    async () => {
      const outcome = await pruneIfDue(schedule);
      recordJobRun("activity_prune", outcome === "failed" ? "failure" : "success");
    },
    {
      firstAfterMs: schedule.firstLookAfterMs ?? FIRST_LOOK_AFTER_MS,
      everyMs: schedule.lookEveryMs ?? LOOK_EVERY_MS,
      onError: (error) => schedule.log.warn({ err: error }, "activity log prune failed"),
    },
  );
}

export function startActivityRetention(app: FastifyInstance): void {
  const retentionDays = app.config.auditRetentionDays;
  if (retentionDays === undefined) return;
  let stop: (() => void) | undefined;
  app.addHook("onListen", async () => {
    stop = scheduleActivityRetention({ db: app.db, retentionDays, log: app.log });
  });
  app.addHook("onClose", async () => stop?.());
}
