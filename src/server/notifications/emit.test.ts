// emitNotification: the event is written once per key, in the caller's transaction, with one
// outbox row per channel that chose its type; a rolled-back change leaves neither.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import type { Database } from "../db/client";
import { notificationChannels, notificationEvents, reminderDeliveries } from "../db/schema";
import { emitNotification } from "./emit";
import { parseNotificationMessage } from "./message";

let database: Database;

async function channel(name: string, events: string[]) {
  const [row] = await database.db
    .insert(notificationChannels)
    .values({
      kind: "webhook",
      name,
      urlSealed: "sealed",
      urlMasked: "https://example.test/…abcd",
      signingSecretSealed: "sealed",
      events: events as never,
    })
    .returning();
  return row!;
}

const seatEvent = {
  type: "seat_threshold" as const,
  key: "seat_threshold:license:7:1",
  title: "Seats running low: Figma",
  text: "2 seats left (threshold 3)",
  item: { area: "licenses", id: 7, label: "Figma" },
  link: "/licenses/7",
};

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
});

describe("emitNotification", () => {
  it("writes the event once and one delivery per subscribed channel", async () => {
    const seats = await channel("Ops", ["seat_threshold", "budget"]);
    await channel("Finance", ["budget"]);
    const both = await channel("All", ["seat_threshold"]);
    const first = await database.db.transaction((tx) => emitNotification(tx, seatEvent));
    const again = await database.db.transaction((tx) => emitNotification(tx, seatEvent));
    expect([first, again]).toEqual([true, false]);
    expect(await database.db.select().from(notificationEvents)).toHaveLength(1);
    const rows = await database.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.kind, "notification"));
    expect(rows.map((r) => r.channelId).sort()).toEqual([seats.id, both.id].sort());
    expect(rows.every((r) => r.status === "pending")).toBe(true);
    const message = parseNotificationMessage(rows[0]!.textBody);
    expect(message).toMatchObject({
      type: "seat_threshold",
      title: seatEvent.title,
      item: seatEvent.item,
      link: "/licenses/7",
    });
  });

  it("leaves nothing when the change's transaction rolls back", async () => {
    await channel("Ops", ["seat_threshold"]);
    await expect(
      database.db.transaction(async (tx) => {
        await emitNotification(tx, seatEvent);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await database.db.select().from(notificationEvents)).toHaveLength(0);
    expect(await database.db.select().from(reminderDeliveries)).toHaveLength(0);
  });
});
