// The people a SCIM deprovisioning left under the 'hold' policy: inactive, holdings kept, until an
// administrator finishes their offboarding (which removes them from this list). For the
// dashboard's Needs Attention: the oldest first, at most `limit` of them, each with what they
// hold counted in the same statement (users/holdings.ts), and how many wait in all.
import { asc, count, eq } from "drizzle-orm";
import { HOLDING_KINDS } from "../../domain/schemas/offboarding";
import type { HeldOffboardingList } from "../../domain/schemas/scim";
import type { Db } from "../db/client";
import { scimHeldOffboardings, users } from "../db/schema";
import { holdingCountsSql } from "../users/holdings";
import { displayNameSql } from "../users/user-response";

export async function listHeldOffboardings(db: Db, limit: number): Promise<HeldOffboardingList> {
  const [rows, [all]] = await Promise.all([
    db
      .select({
        userId: users.id,
        username: users.username,
        displayName: displayNameSql(users),
        since: scimHeldOffboardings.createdAt,
        ...holdingCountsSql(users),
      })
      .from(scimHeldOffboardings)
      .innerJoin(users, eq(users.id, scimHeldOffboardings.userId))
      .orderBy(asc(scimHeldOffboardings.createdAt), asc(users.id))
      .limit(limit),
    db.select({ total: count() }).from(scimHeldOffboardings),
  ]);
  return {
    total: all?.total ?? 0,
    items: rows.map((row) => ({
      userId: row.userId,
      username: row.username,
      displayName: row.displayName,
      since: row.since.toISOString(),
      holdings: HOLDING_KINDS.filter((kind) => row[kind] > 0).map((kind) => ({
        kind,
        count: row[kind],
      })),
      // The Users page with their User Details open (client/lib/linked-item.ts), where Offboard is.
      link: `/users?item=${row.userId}`,
    })),
  };
}
