// The retention of notification_events (decision 0066): the delivery check deletes the events
// older than 90 days whose deliveries are all finished, in batches, and only those whose key can
// never be emitted again: a reminder is deleted once its obligation's date is before the last
// planned day (and a pass then sends it no more), a budget alert is kept.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import { addDays, todayIso } from "../../domain/dates";
import type { NotificationEventType } from "../../domain/notifications";
import type { Database } from "../db/client";
import {
  notificationChannels,
  notificationEvents,
  reminderDeliveries,
  reminderPassState,
} from "../db/schema";
import { runDeliveryCheck, runReminderPass } from "../reminders/pass";
import type { ReminderObligation } from "../reminders/plan";
import { emitNotification } from "./emit";
import { NOTIFICATION_EVENT_RETENTION_DAYS, pruneNotificationEvents } from "./event-retention";

let database: Database;
const today = todayIso();
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const OLD = NOTIFICATION_EVENT_RETENTION_DAYS + 1;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(reminderDeliveries);
  await database.db.delete(notificationEvents);
  await database.db.delete(notificationChannels);
  await database.db.delete(reminderPassState);
});

async function subscribe(events: NotificationEventType[]) {
  await database.db.insert(notificationChannels).values({
    kind: "webhook",
    name: "Ops",
    urlSealed: "sealed",
    urlMasked: "https://example.test/…abcd",
    signingSecretSealed: "sealed",
    events,
  });
}

/** Emits an event as its change would, then dates it `age` days back. */
async function event(
  type: NotificationEventType,
  key: string,
  age: number,
  payload: Record<string, unknown> = {},
) {
  await database.db.transaction((tx) =>
    emitNotification(tx, { type, key, title: key, text: key, payload }),
  );
  await database.db
    .update(notificationEvents)
    .set({ occurredAt: daysAgo(age) })
    .where(eq(notificationEvents.key, key));
}

const deliveryStatus = (key: string, status: "pending" | "sent" | "failed" | "sending") =>
  database.db
    .update(reminderDeliveries)
    .set({ status })
    .where(
      inArray(
        reminderDeliveries.eventId,
        database.db
          .select({ id: notificationEvents.id })
          .from(notificationEvents)
          .where(eq(notificationEvents.key, key)),
      ),
    );

const keys = async () =>
  (await database.db.select({ key: notificationEvents.key }).from(notificationEvents))
    .map((row) => row.key)
    .sort();

describe("notification event retention", () => {
  it("deletes old events whose deliveries are finished, with them; keeps the rest", async () => {
    await subscribe(["offboarded", "request_pending"]);
    await event("offboarded", "offboarded:1", OLD);
    await deliveryStatus("offboarded:1", "sent");
    await event("offboarded", "offboarded:2", OLD);
    await deliveryStatus("offboarded:2", "failed");
    await event("offboarded", "offboarded:3", OLD); // still pending
    await event("offboarded", "offboarded:4", OLD);
    await deliveryStatus("offboarded:4", "sending");
    await event("offboarded", "offboarded:5", NOTIFICATION_EVENT_RETENTION_DAYS - 1);
    await deliveryStatus("offboarded:5", "sent");
    // No channel chose it: no delivery at all.
    await event("import_finished", "import_finished:1", OLD);

    expect(await pruneNotificationEvents(database.db, new Date())).toBe(3);
    expect(await keys()).toEqual(["offboarded:3", "offboarded:4", "offboarded:5"]);
    // The deleted events' deliveries went with them.
    const left = await database.db
      .select({ status: reminderDeliveries.status })
      .from(reminderDeliveries);
    expect(left.map((row) => row.status).sort()).toEqual(["pending", "sending", "sent"]);
  });

  it("keeps budget alerts, which a pass for a past day would check again", async () => {
    await event("budget", "budget:2026-01:total:80", OLD + 200, { month: "2026-01" });
    await event("seat_threshold", "seat_threshold:license:1:crossing:1", OLD);
    expect(await pruneNotificationEvents(database.db, new Date())).toBe(1);
    expect(await keys()).toEqual(["budget:2026-01:total:80"]);
  });

  it("deletes a reminder only once its date is before the last planned day, and none comes back", async () => {
    const obligation = (date: string, id: number): ReminderObligation => ({
      key: `license:${id}:expiry:${date}`,
      kind: "license_expiry",
      area: "licenses",
      itemId: id,
      title: `License ${id}`,
      date,
      amount: null,
      currency: null,
      path: "/licenses",
      personUserIds: [],
    });
    const passFor = (day: string, obligations: ReminderObligation[]) =>
      runReminderPass(database.db, null, day, {
        obligations: async () => obligations,
        linkBase: "",
      });
    // A pass long ago told of one license 7 days before its date; today's of another.
    const firstDay = addDays(today, -(OLD + 7));
    const past = obligation(addDays(firstDay, 7), 1);
    const ahead = obligation(addDays(today, 7), 2);
    await passFor(firstDay, [past]);
    // Without a planned day on record, any day may be the first: no reminder may go.
    await database.db.delete(reminderPassState);
    await database.db.update(notificationEvents).set({ occurredAt: daysAgo(OLD + 7) });
    expect(await pruneNotificationEvents(database.db, new Date())).toBe(0);

    await passFor(today, [past, ahead]);
    // The reminder still ahead is old too (say an operator's pass for a day to come sent it).
    await database.db.update(notificationEvents).set({ occurredAt: daysAgo(OLD) });
    const before = await keys();
    expect(before).toEqual([`reminder:${ahead.key}:7`, `reminder:${past.key}:7`].sort());

    expect(await pruneNotificationEvents(database.db, new Date())).toBe(1);
    expect(await keys()).toEqual([`reminder:${ahead.key}:7`]);
    // Planned again, today or for the past day: neither comes back.
    await passFor(today, [past, ahead]);
    await passFor(firstDay, [past, ahead]);
    expect(await keys()).toEqual([`reminder:${ahead.key}:7`]);
  });

  it("runs in bounded batches from the delivery check until none is left", async () => {
    const old = daysAgo(OLD);
    await database.db.insert(notificationEvents).values(
      Array.from({ length: 1_200 }, (_, i) => ({
        type: "request_pending" as const,
        key: `request_pending:${i}`,
        title: "t",
        text: "t",
        occurredAt: old,
      })),
    );
    await runDeliveryCheck(database.db, null, today, {
      obligations: async () => [],
      linkBase: "",
    });
    expect(await keys()).toEqual([]);
  });
});
