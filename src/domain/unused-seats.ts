// Unused seats (issue 33): a seat or account whose holder is suspended (or disabled) at the
// provider, or has not signed in for UNUSED_AFTER_DAYS days. An unknown last sign-in (null: no
// sync has told) is not unused unless the holder is suspended. The SQL twin, for filters and
// counts, is server/licenses/unused-seats.ts unusedWhere (`now() - make_interval(days => …)`).

/** UNUSED_AFTER_DAYS when the environment does not set it. */
export const DEFAULT_UNUSED_AFTER_DAYS = 60;

const DAY_MS = 86_400_000;

export function isUnused(
  lastSignInAt: Date | string | null,
  suspended: boolean | null,
  now: Date,
  days: number,
): boolean {
  if (suspended === true) return true;
  if (lastSignInAt === null) return false;
  const at = typeof lastSignInAt === "string" ? Date.parse(lastSignInAt) : lastSignInAt.getTime();
  return at < now.getTime() - days * DAY_MS;
}
