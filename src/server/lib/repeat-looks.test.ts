// The background jobs' clock, on Vitest's fake timers: the first look after its delay, the next
// one a fixed time after each look ENDS (a slow look is never stacked), a throwing look does not
// stop the next, and stop ends them.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { repeatLooks } from "./repeat-looks";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("repeatLooks", () => {
  it("looks after the first delay, then every interval after each look has ended", async () => {
    const started: number[] = [];
    let finish: (() => void) | undefined;
    const stop = repeatLooks(
      () => {
        started.push(Date.now());
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      { firstAfterMs: 1_000, everyMs: 5_000, onError: () => {} },
    );
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(999);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([start + 1_000]);
    // The look takes 20 s: no second look starts meanwhile.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(started).toHaveLength(1);
    finish!();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toEqual([start + 1_000, start + 26_000]);
    stop();
    finish!();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started).toHaveLength(2);
  });

  it("hands what a look threw to onError and goes on", async () => {
    let looks = 0;
    const errors: unknown[] = [];
    const stop = repeatLooks(
      async () => {
        looks += 1;
        if (looks === 1) throw new Error("the first look fails");
      },
      { firstAfterMs: 10, everyMs: 10, onError: (error) => errors.push(error) },
    );
    await vi.advanceTimersByTimeAsync(35);
    stop();
    expect(looks).toBe(3);
    expect(errors).toEqual([new Error("the first look fails")]);
  });
});
