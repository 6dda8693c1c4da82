// Reading the activity log: newest first (occurred_at, id), filtered in SQL by person, area,
// action, item and dates, searched over the item's name, one page with its total (list kit).
// Each filter has an index that ends in (occurred_at, id): see schema.ts. A page is asked for by
// offset, or by keyset from a cursor (after/before, lib/keyset.ts), whose cost does not depend on
// how deep the page is; every page answers with its cursors.
import { and, eq, gte, ilike, lt } from "drizzle-orm";
import {
  type ActivityListQuery,
  type ActivityResponse,
  activityCursors,
} from "../../domain/schemas/activity";
import type { Db } from "../db/client";
import { activityLog, users } from "../db/schema";
import { keysetSort, selectKeysetPage } from "../lib/keyset";
import { containsPattern } from "../lib/text-search";

/** A log grows without bound: without a limit, one page of this size, never the whole table. */
export const DEFAULT_ACTIVITY_PAGE = 50;

const byTime = keysetSort(activityCursors, "occurredAt", [activityLog.occurredAt], activityLog.id);

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

type Row = { log: typeof activityLog.$inferSelect; username: string | null };

const toResponse = ({ log, username }: Row): ActivityResponse => ({
  id: log.id,
  occurredAt: log.occurredAt.toISOString(),
  userId: log.userId,
  username,
  via: log.via,
  ipAddress: log.ipAddress,
  userAgent: log.userAgent,
  action: log.action,
  area: log.area,
  itemId: log.itemId,
  itemLabel: log.itemLabel,
  changes: (log.changes as ActivityResponse["changes"]) ?? null,
  detail: (log.detail as ActivityResponse["detail"]) ?? null,
});

export async function listActivity(db: Db, query: ActivityListQuery) {
  const where = and(
    query.userId !== undefined ? eq(activityLog.userId, query.userId) : undefined,
    query.area ? eq(activityLog.area, query.area) : undefined,
    query.action ? eq(activityLog.action, query.action) : undefined,
    query.itemId !== undefined ? eq(activityLog.itemId, query.itemId) : undefined,
    query.from ? gte(activityLog.occurredAt, startOfDay(query.from)) : undefined,
    query.to
      ? lt(activityLog.occurredAt, new Date(startOfDay(query.to).getTime() + DAY_MS))
      : undefined,
    query.search ? ilike(activityLog.itemLabel, containsPattern(query.search)) : undefined,
  );
  const page = await selectKeysetPage(db, {
    cursors: activityCursors,
    sortName: "occurredAt",
    sort: byTime,
    order: query.order,
    query,
    from: activityLog,
    // What the total counts: the filters, not the cursor.
    where,
    bounds: {
      limit: query.limit ?? DEFAULT_ACTIVITY_PAGE,
      offset: query.offset ?? 0,
      withTotal: query.withTotal,
      // The log grows without bound: its whole count is the page's cost (decision 0029).
      estimate: true,
    },
    select: (total, cursor, window) =>
      db
        .select({ log: activityLog, username: users.username, cursor, total })
        .from(activityLog)
        .leftJoin(users, eq(users.id, activityLog.userId))
        .where(window.where)
        .orderBy(...window.orderBy)
        .$dynamic(),
    idOf: (row) => row.log.id,
    // A search's pattern is a value, but its best plan depends on it: built per request.
    statement: { list: "activity", shape: undefined, values: {} },
  });
  return {
    records: page.rows.map(toResponse),
    total: page.total,
    estimated: page.estimated,
    cursors: page.cursors,
  };
}
