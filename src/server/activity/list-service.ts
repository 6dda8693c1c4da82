// Reading the activity log: newest first (occurred_at, id), filtered in SQL by person, area,
// action, item and dates, searched over the item's name, one page with its total (list kit).
// Each filter has an index that ends in (occurred_at, id): see schema.ts. A page is asked for by
// offset, or by keyset from a cursor (after/before, lib/keyset.ts), whose cost does not depend on
// how deep the page is; every page answers with its cursors.
import { and, asc, desc, eq, gte, ilike, lt } from "drizzle-orm";
import type { ActivityListQuery, ActivityResponse } from "../../domain/schemas/activity";
import type { Db } from "../db/client";
import { activityLog, users } from "../db/schema";
import { cursorTimeOf, keysetWindow, pageCursors } from "../lib/keyset";
import { selectPage } from "../lib/paging";
import { containsPattern } from "../lib/text-search";

/** A log grows without bound: without a limit, one page of this size, never the whole table. */
export const DEFAULT_ACTIVITY_PAGE = 50;

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
  const keyset = keysetWindow(activityLog.occurredAt, activityLog.id, query.order, query);
  const direction = keyset.read === "asc" ? asc : desc;
  const page = await selectPage(db, {
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
    select: (total) =>
      db
        .select({
          log: activityLog,
          username: users.username,
          cursorAt: cursorTimeOf(activityLog.occurredAt),
          total,
        })
        .from(activityLog)
        .leftJoin(users, eq(users.id, activityLog.userId))
        .where(and(where, keyset.where))
        .orderBy(direction(activityLog.occurredAt), direction(activityLog.id))
        .$dynamic(),
  });
  const rows = keyset.reversed ? page.rows.reverse() : page.rows;
  return {
    records: rows.map(toResponse),
    ...(keyset.where
      ? totalAtCursor(rows[0]?.total, query.withTotal)
      : { total: page.total, estimated: page.estimated }),
    cursors: pageCursors(rows.map(({ log, cursorAt }) => ({ cursorAt, id: log.id }))),
  };
}

/**
 * A keyset page's total. Its place in the list is unknown (the offset counts from the cursor), so
 * selectPage's "a short page ends the list at offset + rows" does not hold: the total is only
 * what the statement itself counted, or estimated (negated, see totalOf in lib/paging.ts). An
 * empty page has no row to carry it; the client keeps the total it has.
 */
function totalAtCursor(raw: number | null | undefined, withTotal: boolean | undefined) {
  if (withTotal === false || raw === null || raw === undefined)
    return { total: null, estimated: false };
  return raw < 0 ? { total: -raw, estimated: true } : { total: raw, estimated: false };
}
