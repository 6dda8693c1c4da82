// A request limit per caller, counted in this process over fixed windows: `max` requests a window
// for each key, then refusals that say when the window ends (for a Retry-After). Counts are not
// shared between instances (N instances allow N × max) nor kept over a restart: it stops a runaway
// client from swamping one server, it is not a quota. The keys live only for the current window,
// and at most `maxKeys` of them: callers past that share one count, so a flood of new keys cannot
// grow the map.

export interface RateLimitPolicy {
  /** Requests a key may make in one window. */
  max: number;
  windowMs: number;
  /** Distinct keys counted in one window before the rest share a count. */
  maxKeys?: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const SHARED_KEY = "\u0000others";

export function createRateLimiter(policy: RateLimitPolicy, now: () => number = Date.now) {
  const maxKeys = policy.maxKeys ?? 10_000;
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    /** Counts one request of `key`, and says whether it may go ahead. */
    hit(key: string): RateLimitVerdict {
      const at = now();
      if (at - windowStart >= policy.windowMs) {
        // Windows stay on one grid, so Retry-After names the same moment to every caller.
        windowStart = at - ((at - windowStart) % policy.windowMs);
        counts = new Map();
      }
      const counted = counts.has(key) || counts.size < maxKeys ? key : SHARED_KEY;
      const n = (counts.get(counted) ?? 0) + 1;
      counts.set(counted, n);
      if (n <= policy.max) return { allowed: true };
      const left = windowStart + policy.windowMs - at;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
    },
  };
}
