// The users section of the dashboard summary, for administrators only: Team Members and the
// newest people for the user list card.
import { count, desc } from "drizzle-orm";
import { DASHBOARD_USER_ROWS, type DashboardSummaryResponse } from "../../domain/schemas/dashboard";
import type { ActiveSession } from "../auth/sessions";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { displayNameSql } from "../users/user-response";

export async function userSummary(
  db: Db,
  session: ActiveSession,
): Promise<DashboardSummaryResponse["users"]> {
  if (session.user.role !== "admin") return null;
  const [[all], newest] = await Promise.all([
    db.select({ total: count() }).from(users),
    db
      .select({
        id: users.id,
        displayName: displayNameSql(users),
        username: users.username,
        email: users.email,
        department: users.department,
        role: users.role,
        isActive: users.isActive,
      })
      .from(users)
      // Ids are handed out in creation order, and the primary key answers this without a sort.
      .orderBy(desc(users.id))
      .limit(DASHBOARD_USER_ROWS),
  ]);
  return {
    total: all?.total ?? 0,
    newest: newest.map(({ role, ...user }) => ({ ...user, isAdmin: role === "admin" })),
  };
}
