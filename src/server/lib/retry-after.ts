// A Retry-After header (RFC 9110 section 10.2.3) in milliseconds: delta-seconds or an HTTP date.
// Shared by the provider clients that wait out throttling (hosting, workspace sync).

/**
 * Retry-After in milliseconds: delta-seconds or an HTTP date; `fallbackMs` (1 s unless the caller
 * backs off its own way) when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now = Date.now(), fallbackMs = 1000): number {
  if (!header) return fallbackMs;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  if (Number.isNaN(at)) return fallbackMs;
  return Math.max(0, at - now);
}
