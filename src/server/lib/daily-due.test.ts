// When a daily job (hosting refresh, workspace sync) is due, with the clock given.
import { describe, expect, it } from "vitest";
import { DAILY_EVERY_MS, DAILY_RETRY_AFTER_MS, dailyDue, nextDailyRunAt } from "./daily-due";

const HOUR = 3_600_000;
const now = new Date("2026-11-24T09:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("dailyDue", () => {
  it("is due with nothing run yet", () => {
    expect(dailyDue(now, { lastSuccessAt: null, lastAttemptAt: null })).toBe(true);
  });

  it("is due a day after the last success, not a moment before", () => {
    const at = (ms: number) => ({ lastSuccessAt: ago(ms), lastAttemptAt: ago(ms) });
    expect(dailyDue(now, at(DAILY_EVERY_MS))).toBe(true);
    expect(dailyDue(now, at(DAILY_EVERY_MS - 1))).toBe(false);
    expect(dailyDue(now, at(HOUR))).toBe(false);
  });

  it("waits an hour after a failed attempt before trying again", () => {
    const failed = (ms: number) => ({ lastSuccessAt: null, lastAttemptAt: ago(ms) });
    expect(dailyDue(now, failed(DAILY_RETRY_AFTER_MS - 1))).toBe(false);
    expect(dailyDue(now, failed(DAILY_RETRY_AFTER_MS))).toBe(true);
    expect(
      dailyDue(now, { lastSuccessAt: ago(2 * DAILY_EVERY_MS), lastAttemptAt: ago(HOUR / 2) }),
    ).toBe(false);
  });
});

describe("nextDailyRunAt", () => {
  it("is a day after the last success, an hour after the last attempt, never before now", () => {
    expect(nextDailyRunAt(now, { lastSuccessAt: ago(1000), lastAttemptAt: ago(1000) })).toEqual(
      new Date(now.getTime() - 1000 + DAILY_EVERY_MS),
    );
    expect(nextDailyRunAt(now, { lastSuccessAt: null, lastAttemptAt: ago(1000) })).toEqual(
      new Date(now.getTime() - 1000 + DAILY_RETRY_AFTER_MS),
    );
    expect(nextDailyRunAt(now, { lastSuccessAt: null, lastAttemptAt: null })).toEqual(now);
  });
});
