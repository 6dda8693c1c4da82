// The users section of the dashboard summary: Team Members, for administrators only.
import { count } from "drizzle-orm";
import type { DashboardSummaryResponse } from "../../domain/schemas/dashboard";
import type { ActiveSession } from "../auth/sessions";
import type { Db } from "../db/client";
import { users } from "../db/schema";

export async function userSummary(
  db: Db,
  session: ActiveSession,
): Promise<DashboardSummaryResponse["users"]> {
  if (session.user.role !== "admin") return null;
  const [row] = await db.select({ total: count() }).from(users);
  return { total: row?.total ?? 0 };
}
