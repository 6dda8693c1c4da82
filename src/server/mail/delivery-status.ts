// What administrators see of delivery: the queue's counts and the most recent refused or cancelled
// sends (a summary with a LIMIT, like the dashboard's cards, not a list to page through), and
// putting a failed send back in the queue.
import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import type { ReminderDeliveryResponse } from "../../domain/schemas/reminders";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Db, Executor } from "../db/client";
import { reminderDeliveries } from "../db/schema";
import { notFound } from "../http/errors";
import { requeueFailed } from "./deliver";

const PROBLEMS_SHOWN = 20;
/** Chat and webhook alerts share the outbox but have their own list (notifications/). */
const MAIL_ONLY = sql`${reminderDeliveries.kind} <> 'notification'`;
const WEEK_MS = 7 * 86_400_000;

export async function deliveryStatus(
  db: Executor,
  now = new Date(),
): Promise<ReminderDeliveryResponse> {
  const d = reminderDeliveries;
  const counted = (condition: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [counts] = await db
    .select({
      queued: counted(sql`${d.status} in ('pending', 'sending') and ${d.lastError} is null`),
      retrying: counted(sql`${d.status} in ('pending', 'sending') and ${d.lastError} is not null`),
      failed: counted(sql`${d.status} = 'failed'`),
      cancelled: counted(sql`${d.status} = 'cancelled'`),
      sentLast7Days: counted(
        sql`${d.status} = 'sent' and ${d.sentAt} >= ${new Date(now.getTime() - WEEK_MS)}`,
      ),
    })
    .from(d)
    .where(MAIL_ONLY);
  const problems = await db
    .select({
      id: d.id,
      kind: d.kind,
      recipient: d.recipient,
      subject: d.subject,
      status: d.status,
      attempts: d.attempts,
      nextAttemptAt: d.nextAttemptAt,
      lastError: d.lastError,
    })
    .from(d)
    .where(
      and(
        MAIL_ONLY,
        or(
          and(
            sql`${d.status} in ('pending', 'failed')`,
            gt(d.attempts, 0),
            sql`${d.lastError} is not null`,
          ),
          eq(d.status, "cancelled"),
        ),
      ),
    )
    .orderBy(desc(d.id))
    .limit(PROBLEMS_SHOWN);
  return {
    counts: counts!,
    problems: problems.map((row) => ({
      ...row,
      // MAIL_ONLY left the notifications out.
      kind: row.kind as Exclude<typeof row.kind, "notification">,
      status: row.status === "failed" || row.status === "cancelled" ? row.status : "pending",
      nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    })),
  };
}

/** A failed send goes back in the queue for the next pass, with its attempts counted afresh. */
export async function retryDelivery(db: Db, actor: ActivityActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requeueFailed(tx, id, "mail");
    if (!row) throw notFound("Failed send");
    await recordActivity(tx, actor, {
      action: "update",
      area: "reminders",
      itemId: row.id,
      itemLabel: row.subject,
      detail: { retry: true },
    });
  });
}
