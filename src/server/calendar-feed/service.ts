// Calendar feed tokens (decision 0025): one per person, stored as a SHA-256 hash and found by it,
// so neither the table nor a timing difference gives a working address away.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { CalendarFeedStatusResponse } from "../../domain/schemas/calendar-feed";
import { type ActivityActor, recordActivity } from "../activity/record";
import { hashToken } from "../auth/sessions";
import type { Executor } from "../db/client";
import { calendarFeeds, users } from "../db/schema";

export async function feedStatus(
  db: Executor,
  userId: number,
): Promise<CalendarFeedStatusResponse> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return { active: Boolean(row), createdAt: row ? row.createdAt.toISOString() : null };
}

/** A new feed token for the person, replacing any earlier one (whose address stops working). */
export async function createFeed(db: Executor, actor: ActivityActor, userId: number) {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashToken(token);
  await db.transaction(async (tx) => {
    const [earlier] = await tx
      .select({ userId: calendarFeeds.userId })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId))
      .for("update");
    await tx
      .insert(calendarFeeds)
      .values({ userId, tokenHash })
      .onConflictDoUpdate({
        target: calendarFeeds.userId,
        set: { tokenHash, createdAt: new Date() },
      });
    await recordActivity(tx, actor, {
      action: "token_create",
      area: "calendar_feeds",
      itemId: userId,
      detail: earlier ? { replaced: true } : null,
    });
  });
  return token;
}

/** Ends the person's feed; false when there was none. */
export async function revokeFeed(db: Executor, actor: ActivityActor, userId: number) {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId))
      .returning({ userId: calendarFeeds.userId });
    if (deleted.length === 0) return false;
    await recordActivity(tx, actor, {
      action: "token_revoke",
      area: "calendar_feeds",
      itemId: userId,
    });
    return true;
  });
}

/**
 * The owner of a feed token as they are now: their role decides what the feed holds, and a
 * deactivated person's feed answers like an unknown one.
 */
export async function feedOwner(db: Executor, token: string) {
  const [row] = await db
    .select({ userId: users.id, role: users.role })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), eq(users.isActive, true)));
  return row ?? null;
}
