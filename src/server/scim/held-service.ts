// The people a SCIM deprovisioning left under the 'hold' policy: inactive, holdings kept, until an
// administrator finishes their offboarding (which removes them from this list). For the
// dashboard's Needs Attention ("N people left with items to review").
import { asc, eq } from "drizzle-orm";
import type { HeldOffboarding } from "../../domain/schemas/scim";
import type { Db } from "../db/client";
import { scimHeldOffboardings, users } from "../db/schema";

export async function listHeldOffboardings(db: Db): Promise<HeldOffboarding[]> {
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      fullName: users.fullName,
      since: scimHeldOffboardings.createdAt,
    })
    .from(scimHeldOffboardings)
    .innerJoin(users, eq(users.id, scimHeldOffboardings.userId))
    .orderBy(asc(scimHeldOffboardings.createdAt), asc(users.id));
  return rows.map((row) => ({
    ...row,
    since: row.since.toISOString(),
    link: `/users/${row.userId}`,
  }));
}
