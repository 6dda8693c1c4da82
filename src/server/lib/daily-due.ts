// When a daily job (the hosting refresh, a workspace sync) is due: a day after its last success
// (a manual run counts), but never sooner than an hour after any attempt, so a failing provider
// is asked once an hour rather than at every look.

const MINUTE_MS = 60_000;
/** A job is due this long after its last success. */
export const DAILY_EVERY_MS = 24 * 60 * MINUTE_MS;
/** After any attempt (a failed one too), wait this long before the next. */
export const DAILY_RETRY_AFTER_MS = 60 * MINUTE_MS;

export interface DailyRuns {
  lastSuccessAt: Date | null;
  lastAttemptAt: Date | null;
}

/** Due when the last success is a day old (or there is none) and nothing was tried in the last hour. */
export function dailyDue(now: Date, runs: DailyRuns): boolean {
  const since = (at: Date | null) => (at ? now.getTime() - at.getTime() : Number.POSITIVE_INFINITY);
  return (
    since(runs.lastSuccessAt) >= DAILY_EVERY_MS && since(runs.lastAttemptAt) >= DAILY_RETRY_AFTER_MS
  );
}

/** When the job is next due (never before now). */
export function nextDailyRunAt(now: Date, runs: DailyRuns): Date {
  const after = (at: Date | null, ms: number) => (at ? at.getTime() + ms : 0);
  return new Date(
    Math.max(
      now.getTime(),
      after(runs.lastSuccessAt, DAILY_EVERY_MS),
      after(runs.lastAttemptAt, DAILY_RETRY_AFTER_MS),
    ),
  );
}
