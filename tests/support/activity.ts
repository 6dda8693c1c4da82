// Reading the activity log in tests: one item's records, the newest record, how many there are (a
// refused request must leave the count where it was), and exactly what one request added.
import { and, count, desc, eq, gt, type SQL } from "drizzle-orm";
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

/** The newest record's id (0 for an empty log): a mark to read what the next request adds. */
export async function activityMark(db: Executor): Promise<number> {
  return (await lastActivity(db))?.id ?? 0;
}

/** Who did what to which item from where: the fields a test compares, without the clock. */
export const recordSummary = (row: ActivityRow) => ({
  action: row.action,
  area: row.area,
  itemId: row.itemId,
  itemLabel: row.itemLabel,
  userId: row.userId,
  ipAddress: row.ipAddress,
  changes: row.changes,
  detail: row.detail,
});

/** The records written since the mark, oldest first, summarised. */
export async function activitySince(db: Executor, mark: number) {
  const rows = await db
    .select()
    .from(activityLog)
    .where(gt(activityLog.id, mark))
    .orderBy(activityLog.id);
  return rows.map(recordSummary);
}
