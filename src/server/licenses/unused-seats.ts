// An unused seat (issue 33): an active seat whose holder is disabled (or suspended) at the
// workspace provider, or has not signed in for UNUSED_AFTER_DAYS. Sign-ins are known only for
// seats a sync keeps (last_sign_in_at); a seat with none is not called unused for it.
// The same rule holds for a G Suite account and an office account (unusedWhere on its columns).
import { type AnyColumn, and, type Placeholder, type SQL, sql } from "drizzle-orm";
import { accounts, licenseAssignments } from "../db/schema";

// The rule in memory, for a response's `unused`, is domain/unused-seats.ts isUnused. The days
// are the configured UNUSED_AFTER_DAYS (app.config.unusedAfterDays), and only that: every reader
// and writer takes them as a required argument, none has a default of its own, so a write's
// `unused` cannot be judged by other days than the list's (the default lives in config.ts).

/**
 * The rule on any table with last_sign_in_at and holder_suspended: suspended, or not signed in
 * for `days` (a number or a placeholder). Unknown (null) is not unused unless suspended.
 */
export function unusedWhere(
  columns: { lastSignInAt: AnyColumn; holderSuspended: AnyColumn },
  days: number | Placeholder,
): SQL {
  return sql`(${columns.holderSuspended} or ${columns.lastSignInAt} < now() - make_interval(days => ${days}::int))`;
}

/**
 * The condition on office accounts: an inactive account is no seat (as an ended assignment), so
 * only active ones are unused. The accounts list's filter and the dashboard's count both.
 */
export function unusedOfficeAccountWhere(days: number | Placeholder): SQL {
  return and(sql`${accounts.status} = 'active'`, unusedWhere(accounts, days))!;
}

/** The condition on license_assignments; `days` a number or a placeholder. */
export function unusedSeatWhere(days: number | Placeholder): SQL {
  return and(sql`${licenseAssignments.isActive}`, unusedWhere(licenseAssignments, days))!;
}
