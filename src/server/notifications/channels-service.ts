// Notification channels: an administrator's Slack, Teams and generic webhooks. The URL is checked
// (address-guard.ts) and sealed at save; lists show its masked form only; the activity log records
// the name, kind and events, never the URL. A test message goes through the outbox like any alert
// (whatever events the channel chose), so it is sent, retried and listed the same way.
import { randomBytes, randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import type {
  CreateNotificationChannelRequest,
  NotificationChannel,
  UpdateNotificationChannelRequest,
} from "../../domain/schemas/notifications";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Db } from "../db/client";
import { notificationChannels, reminderDeliveries } from "../db/schema";
import { badRequest, notFound } from "../http/errors";
import type { Secrets } from "../lib/secrets";
import { checkDestination, checkUrlShape, type GuardOptions, UnsafeUrl } from "./address-guard";
import { notificationRow } from "./emit";
import type { NotificationMessage } from "./message";

type ChannelRow = typeof notificationChannels.$inferSelect;

export const toChannel = (row: ChannelRow): NotificationChannel => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  urlMasked: row.urlMasked,
  events: row.events,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** https://hooks.slack.com/…Xy9z: the host says where, the last 4 characters which one. */
export function maskUrl(url: URL): string {
  const rest = `${url.pathname}${url.search}`;
  return `${url.protocol}//${url.host}/…${rest.slice(-4)}`;
}

/** The URL checked at save (its shape and every address its host resolves to). */
async function checkedUrl(raw: string, guard: GuardOptions): Promise<URL> {
  try {
    const url = checkUrlShape(raw, guard.allowLocal);
    await checkDestination(url, guard);
    return url;
  } catch (error) {
    if (error instanceof UnsafeUrl) {
      const message = `URL ${error.message}`;
      throw badRequest(message, [{ path: "url", message }], "WEBHOOK_URL_REFUSED");
    }
    throw error;
  }
}

export async function listChannels(db: Db): Promise<NotificationChannel[]> {
  const rows = await db.select().from(notificationChannels).orderBy(notificationChannels.name);
  return rows.map(toChannel);
}

export async function createChannel(
  db: Db,
  secrets: Secrets,
  guard: GuardOptions,
  actor: ActivityActor,
  input: CreateNotificationChannelRequest,
): Promise<NotificationChannel & { signingSecret: string }> {
  const url = await checkedUrl(input.url, guard);
  const signingSecret = `qmsec_${randomBytes(32).toString("hex")}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notificationChannels)
      .values({
        kind: input.kind,
        name: input.name,
        urlSealed: secrets.seal(url.toString()).ciphertext,
        urlMasked: maskUrl(url),
        signingSecretSealed: secrets.seal(signingSecret).ciphertext,
        events: input.events,
        createdBy: actor.userId,
      })
      .returning();
    await recordActivity(tx, actor, {
      action: "create",
      area: "settings",
      itemId: row!.id,
      itemLabel: `Notification channel: ${row!.name}`,
      detail: { kind: row!.kind, events: row!.events },
    });
    return { ...toChannel(row!), signingSecret };
  });
}

export async function updateChannel(
  db: Db,
  secrets: Secrets,
  guard: GuardOptions,
  actor: ActivityActor,
  id: number,
  input: UpdateNotificationChannelRequest,
): Promise<NotificationChannel> {
  const url = input.url === undefined ? undefined : await checkedUrl(input.url, guard);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(notificationChannels)
      .where(eq(notificationChannels.id, id))
      .for("update");
    if (!current) throw notFound("Notification channel");
    // Only what differs is written and logged: an edit that changes nothing (an empty body, the
    // same name and events) leaves the row, its updatedAt and the activity log as they were. A
    // URL sent is always new to us: the stored one is sealed, never compared in clear.
    const name = input.name !== undefined && input.name !== current.name ? input.name : undefined;
    const events =
      input.events !== undefined && input.events.join() !== current.events.join()
        ? input.events
        : undefined;
    if (name === undefined && events === undefined && url === undefined) return toChannel(current);
    const [row] = await tx
      .update(notificationChannels)
      .set({
        ...(name === undefined ? {} : { name }),
        ...(events === undefined ? {} : { events }),
        ...(url === undefined
          ? {}
          : { urlSealed: secrets.seal(url.toString()).ciphertext, urlMasked: maskUrl(url) }),
        updatedAt: sql`now()`,
      })
      .where(eq(notificationChannels.id, id))
      .returning();
    await recordActivity(tx, actor, {
      action: "update",
      area: "settings",
      itemId: row!.id,
      itemLabel: `Notification channel: ${row!.name}`,
      // Which fields changed; the URL's value never goes in the log.
      detail: { name, events, url: url === undefined ? undefined : "changed" },
    });
    return toChannel(row!);
  });
}

export async function deleteChannel(db: Db, actor: ActivityActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(notificationChannels)
      .where(eq(notificationChannels.id, id))
      .returning();
    if (!row) throw notFound("Notification channel");
    await recordActivity(tx, actor, {
      action: "delete",
      area: "settings",
      itemId: row.id,
      itemLabel: `Notification channel: ${row.name}`,
    });
  });
}

/** Queues a test message to the channel (sent by the outbox within seconds); its delivery id. */
export async function queueTestMessage(db: Db, id: number, now = new Date()): Promise<number> {
  const [channel] = await db
    .select({ id: notificationChannels.id, name: notificationChannels.name })
    .from(notificationChannels)
    .where(eq(notificationChannels.id, id));
  if (!channel) throw notFound("Notification channel");
  const message: NotificationMessage = {
    type: "test",
    eventId: null,
    occurredAt: now.toISOString(),
    title: "Test message from Quartermaster",
    text: `The channel "${channel.name}" is set up: alerts will arrive here.`,
    item: null,
    link: "/settings",
  };
  const key = `notification-test:${channel.id}:${randomUUID()}`;
  const [row] = await db
    .insert(reminderDeliveries)
    .values(notificationRow(channel, message, null, now, key))
    .returning({ id: reminderDeliveries.id });
  return row!.id;
}

/** The latest deliveries first (for the deliveries list). */
export const deliveriesOrder = desc(reminderDeliveries.id);
