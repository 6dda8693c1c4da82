import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit";

describe("createRateLimiter", () => {
  it("allows max requests a window per key, then says when the window ends", () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ max: 2, windowMs: 60_000 }, () => now);
    expect(limiter.hit("a")).toEqual({ allowed: true });
    expect(limiter.hit("a")).toEqual({ allowed: true });
    now += 15_500;
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
    // Another key has its own count.
    expect(limiter.hit("b")).toEqual({ allowed: true });
    // The next window starts afresh, on the same grid.
    now += 44_500;
    expect(limiter.hit("a")).toEqual({ allowed: true });
    expect(limiter.hit("a")).toEqual({ allowed: true });
    now += 59_999;
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("counts keys past maxKeys together, so new keys cannot grow it without end", () => {
    const limiter = createRateLimiter({ max: 2, windowMs: 60_000, maxKeys: 2 }, () => 0);
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("b").allowed).toBe(true);
    expect(limiter.hit("c").allowed).toBe(true);
    expect(limiter.hit("d").allowed).toBe(true);
    expect(limiter.hit("e").allowed).toBe(false);
    // The first keys keep their own counts.
    expect(limiter.hit("a").allowed).toBe(true);
  });
});
