// The All Users tab: people with the G Suite accounts they hold, searched over full name, username
// and e-mail and paged in SQL; the accounts of just that page come from one second query.
import { and, asc, eq, notExists, type SQL, sql } from "drizzle-orm";
import type { GsuiteUserListQuery, GsuiteUserResponse } from "../../domain/schemas/gsuite";
import type { Db } from "../db/client";
import { idIn } from "../db/id-list";
import { gsuiteAccounts, users } from "../db/schema";
import { selectPage } from "../lib/paging";
import { anyColumnContains } from "../lib/text-search";
import { displayNameOf } from "../users/user-response";
import { assignmentEmailFree } from "./assignment-email-sql";
import { findDefaultOrganization } from "./organizations-service";

/** What the tab's search looks in; each column has a trigram index (list-indexes.test.ts). */
export const gsuiteUserSearchColumns = [users.fullName, users.username, users.email];

export async function listGsuiteUsers(db: Db, query: GsuiteUserListQuery) {
  // Assignment without a chosen organization uses the default one; with none, no one can be.
  const organization = query.assignable ? await findDefaultOrganization(db) : undefined;
  const conditions: (SQL | undefined)[] = [
    query.assignable
      ? organization
        ? assignmentEmailFree(organization.domain)
        : sql`false`
      : undefined,
    query.search ? anyColumnContains(gsuiteUserSearchColumns, query.search) : undefined,
    query.active ? eq(users.isActive, true) : undefined,
    query.withoutPlanId === undefined
      ? undefined
      : notExists(
          db
            .select({ id: gsuiteAccounts.id })
            .from(gsuiteAccounts)
            .where(
              and(
                eq(gsuiteAccounts.assignedToUserId, users.id),
                eq(gsuiteAccounts.planId, query.withoutPlanId),
              ),
            ),
        ),
  ];
  const where = and(...conditions);
  const direction = query.order === "desc" ? sql`desc` : sql`asc`;
  const page = await selectPage(db, {
    from: users,
    where,
    bounds: query,
    select: (total) =>
      db
        .select({
          id: users.id,
          username: users.username,
          fullName: users.fullName,
          email: users.email,
          isActive: users.isActive,
          total,
        })
        .from(users)
        .where(where)
        .orderBy(
          sql`lower(coalesce(nullif(trim(${users.fullName}), ''), ${users.username})) ${direction}`,
          asc(users.id),
        )
        .$dynamic(),
  });
  const ids = page.rows.map((row) => row.id);
  const held =
    ids.length === 0
      ? []
      : await db
          .select({
            id: gsuiteAccounts.id,
            email: gsuiteAccounts.email,
            planType: gsuiteAccounts.planType,
            planId: gsuiteAccounts.planId,
            userId: gsuiteAccounts.assignedToUserId,
          })
          .from(gsuiteAccounts)
          .where(idIn(gsuiteAccounts.assignedToUserId, ids))
          .orderBy(asc(gsuiteAccounts.id));
  const byUser = new Map<number, GsuiteUserResponse["accounts"]>();
  for (const { userId, ...account } of held) {
    const list = byUser.get(userId!) ?? [];
    list.push(account);
    byUser.set(userId!, list);
  }
  const rows: GsuiteUserResponse[] = page.rows.map((row) => ({
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    displayName: displayNameOf(row),
    email: row.email,
    isActive: row.isActive,
    accounts: byUser.get(row.id) ?? [],
  }));
  return { users: rows, total: page.total };
}
