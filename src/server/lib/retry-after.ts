// A Retry-After header (RFC 9110 section 10.2.3) in milliseconds: delta-seconds or an HTTP date.
// Shared by the provider clients that wait out throttling (hosting, workspace sync).

/** Retry-After in milliseconds: delta-seconds or an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 1000;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  if (Number.isNaN(at)) return 1000;
  return Math.max(0, at - now);
}
