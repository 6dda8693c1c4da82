// Reading the activity log in tests: one item's records, the newest record, and how many there
// are (a refused request must leave the count where it was).
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { ActivityAction, ActivityArea } from "../../src/domain/activity";
import type { Executor } from "../../src/server/db/client";
import { activityLog } from "../../src/server/db/schema";

export type ActivityRow = typeof activityLog.$inferSelect;

export interface ActivityFilter {
  area?: ActivityArea;
  itemId?: number;
  action?: ActivityAction;
  userId?: number;
}

function where(filter: ActivityFilter): SQL | undefined {
  return and(
    filter.area ? eq(activityLog.area, filter.area) : undefined,
    filter.itemId !== undefined ? eq(activityLog.itemId, filter.itemId) : undefined,
    filter.action ? eq(activityLog.action, filter.action) : undefined,
    filter.userId !== undefined ? eq(activityLog.userId, filter.userId) : undefined,
  );
}

/** The matching records, oldest first. */
export const activityOf = (db: Executor, filter: ActivityFilter = {}): Promise<ActivityRow[]> =>
  db.select().from(activityLog).where(where(filter)).orderBy(activityLog.id);

/** The newest matching record (undefined when there is none). */
export async function lastActivity(db: Executor, filter: ActivityFilter = {}) {
  const [row] = await db
    .select()
    .from(activityLog)
    .where(where(filter))
    .orderBy(desc(activityLog.id))
    .limit(1);
  return row;
}

export async function activityCount(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(activityLog);
  return row!.value;
}
