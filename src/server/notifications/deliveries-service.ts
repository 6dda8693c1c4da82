// What administrators see of chat and webhook deliveries: the outbox's notification rows, newest
// first, paged with the list kit, with the last error; and a failed one put back in the queue.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  notificationDeliveriesQuerySchema,
  notificationDeliverySchema,
} from "../../domain/schemas/notifications";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Db, Executor } from "../db/client";
import { reminderDeliveries } from "../db/schema";
import { notFound } from "../http/errors";
import { type Page, selectPage } from "../lib/paging";
import { requeueFailed } from "../mail/deliver";
import { parseNotificationMessage } from "./message";

type Query = z.output<typeof notificationDeliveriesQuerySchema>;
type Delivery = z.infer<typeof notificationDeliverySchema>;

export async function listNotificationDeliveries(
  db: Executor,
  query: Query,
): Promise<Page<Delivery>> {
  const d = reminderDeliveries;
  const conditions: SQL[] = [eq(d.kind, "notification")];
  if (query.status) conditions.push(eq(d.status, query.status));
  if (query.channelId) conditions.push(eq(d.channelId, query.channelId));
  const where = and(...conditions);
  const page = await selectPage(db, {
    from: d,
    where,
    bounds: query,
    select: (total) =>
      db.select({ row: d, total }).from(d).where(where).orderBy(sql`${d.id} desc`).$dynamic(),
  });
  return {
    ...page,
    rows: page.rows.map(({ row }) => ({
      id: row.id,
      channelId: row.channelId,
      channelName: row.recipient,
      type: parseNotificationMessage(row.textBody).type,
      title: row.subject,
      status: row.status === "in_digest" || row.status === "expired" ? "cancelled" : row.status,
      attempts: row.attempts,
      nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
      sentAt: row.sentAt?.toISOString() ?? null,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** A failed delivery goes back in the queue, its attempts counted afresh. */
export async function retryNotificationDelivery(
  db: Db,
  actor: ActivityActor,
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requeueFailed(tx, id, "notification");
    if (!row) throw notFound("Failed delivery");
    await recordActivity(tx, actor, {
      action: "update",
      area: "settings",
      itemId: row.id,
      itemLabel: `Notification delivery: ${row.subject}`,
      detail: { retry: true },
    });
  });
}
