// The one way an event becomes alerts: called INSIDE the transaction of the change (a reminder
// planned, seats falling under a threshold, a sync failing...), it writes the event once (its key
// makes a second emit a no-op) and, in the same transaction, one outbox row per channel that chose
// its type. The event and its deliveries commit or roll back with the change; the sending is the
// outbox's (mail/deliver.ts), never the request's, so a slow receiver holds nothing up.
import { and, eq, sql } from "drizzle-orm";
import { todayIso } from "../../domain/dates";
import type { NotificationEventType, NotificationItem } from "../../domain/notifications";
import type { Executor } from "../db/client";
import { notificationChannels, notificationEvents, reminderDeliveries } from "../db/schema";
import type { NotificationMessage } from "./message";

export interface NotificationEventInput {
  type: NotificationEventType;
  /** Unique per event, e.g. `seat_threshold:license:12:crossing:3`: emitting it again writes nothing. */
  key: string;
  title: string;
  text: string;
  item?: NotificationItem | null;
  /** An app path such as /licenses/12; made absolute with PUBLIC_URL when sent. */
  link?: string | null;
  payload?: Record<string, unknown>;
}

/** The outbox key of an event's delivery to a channel. */
export const notificationDeliveryKey = (eventId: number, channelId: number) =>
  `notification:${eventId}:channel:${channelId}`;

/** Writes the event and its deliveries; true when the event is new (false: emitted before). */
export async function emitNotification(
  tx: Executor,
  event: NotificationEventInput,
): Promise<boolean> {
  const [written] = await tx
    .insert(notificationEvents)
    .values({
      type: event.type,
      key: event.key,
      title: event.title,
      text: event.text,
      itemArea: event.item?.area ?? null,
      itemId: event.item?.id ?? null,
      itemLabel: event.item?.label ?? null,
      link: event.link ?? null,
      payload: event.payload ?? {},
    })
    .onConflictDoNothing({ target: notificationEvents.key })
    .returning({ id: notificationEvents.id, occurredAt: notificationEvents.occurredAt });
  if (!written) return false;

  const channels = await tx
    .select({ id: notificationChannels.id, name: notificationChannels.name })
    .from(notificationChannels)
    .where(sql`${event.type} = any(${notificationChannels.events})`);
  if (channels.length === 0) return true;
  const message: NotificationMessage = {
    type: event.type,
    eventId: written.id,
    occurredAt: written.occurredAt.toISOString(),
    title: event.title,
    text: event.text,
    item: event.item ?? null,
    link: event.link ?? null,
  };
  await tx
    .insert(reminderDeliveries)
    .values(
      channels.map((channel) => notificationRow(channel, message, written.id, written.occurredAt)),
    )
    .onConflictDoNothing({ target: reminderDeliveries.key });
  return true;
}

/** One outbox row: the channel's name as recipient, the message as the body to render. */
export function notificationRow(
  channel: { id: number; name: string },
  message: NotificationMessage,
  eventId: number | null,
  at: Date,
  key = notificationDeliveryKey(eventId ?? 0, channel.id),
): typeof reminderDeliveries.$inferInsert {
  return {
    key,
    kind: "notification",
    userId: null,
    channelId: channel.id,
    eventId,
    recipient: channel.name,
    subject: message.title,
    textBody: JSON.stringify(message),
    htmlBody: "",
    day: todayIso("UTC", at),
    // No person to check when it is due: the channel is the recipient.
    plannedForAdmin: false,
    status: "pending",
    nextAttemptAt: at,
  };
}

/** The deliveries of one channel waiting or failed: for tests and the channel's card. */
export const channelDeliveries = (channelId: number) =>
  and(eq(reminderDeliveries.kind, "notification"), eq(reminderDeliveries.channelId, channelId));
