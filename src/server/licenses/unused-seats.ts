// An unused seat (issue 33): an active seat whose holder is disabled (or suspended) at the
// workspace provider, or has not signed in for UNUSED_AFTER_DAYS. Sign-ins are known only for
// seats a sync keeps (last_sign_in_at); a seat with none is not called unused for it.
import { and, type Placeholder, type SQL, sql } from "drizzle-orm";
import { licenseAssignments } from "../db/schema";

export const DEFAULT_UNUSED_AFTER_DAYS = 60;

/** The condition on license_assignments; `days` a number or a placeholder. */
export function unusedSeatWhere(days: number | Placeholder): SQL {
  return and(
    sql`${licenseAssignments.isActive}`,
    sql`(${licenseAssignments.holderSuspended} or ${licenseAssignments.lastSignInAt} < now() - make_interval(days => ${days}::int))`,
  )!;
}
