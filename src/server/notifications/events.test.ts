// The events of issue 34 item 2 where they happen: a hardware request waiting for approval, a
// person offboarded, an import finished, a day's reminders (from a pass without SMTP, which plans
// for the channels only): each written once, in the transaction of its change, with one delivery
// per channel that chose it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { addDays, todayIso } from "../../domain/dates";
import type { NotificationEventType } from "../../domain/notifications";
import { notificationEvents, reminderDeliveries } from "../db/schema";
import { runReminderPass } from "../reminders/pass";
import type { ReminderObligation } from "../reminders/plan";

let t: TestApp;
let admin: string;
let channelId: number;

beforeAll(async () => {
  t = await buildTestApp({ WEBHOOKS_ALLOW_LOCAL: "true" });
  ({ cookie: admin } = await t.signedInUser({ role: "admin" }));
  const channel = await t.request({
    method: "POST",
    url: "/api/notification-channels",
    cookie: admin,
    payload: {
      kind: "slack",
      name: "IT",
      url: "http://127.0.0.1:9/hook",
      events: ["request_pending", "offboarded", "import_finished", "reminder"],
    },
  });
  expect(channel.statusCode, channel.body).toBe(201);
  channelId = channel.json().id;
});
afterAll(async () => {
  await t.close();
});

async function eventsOf(type: NotificationEventType) {
  const events = await t.app.db
    .select()
    .from(notificationEvents)
    .where(eq(notificationEvents.type, type))
    .orderBy(notificationEvents.id);
  for (const event of events) {
    const deliveries = await t.app.db
      .select({ channelId: reminderDeliveries.channelId })
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.eventId, event.id));
    expect(deliveries).toEqual([{ channelId }]);
  }
  return events;
}

describe("events", () => {
  it("a new hardware request waits for approval", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/hardware-requests",
      cookie: admin,
      payload: {
        type: "new",
        name: "Standing desk",
        hardwareType: "other",
        reason: "My back hurts at the old desk",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [event] = await eventsOf("request_pending");
    expect(event).toMatchObject({
      key: `request_pending:${created.json().id}`,
      title: "Hardware request waiting for approval: Standing desk",
      text: "My back hurts at the old desk",
      link: "/hardware?tab=requests",
    });
  });

  it("a person offboarded", async () => {
    const leaver = await createUser(t.app.db, { fullName: "Lea Ving" });
    const answer = await t.request({
      method: "POST",
      url: `/api/users/${leaver.id}/offboard`,
      cookie: admin,
      payload: { decisions: [] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const events = await eventsOf("offboarded");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ itemArea: "users", itemId: leaver.id });
    expect(events[0]!.title).toContain("Lea Ving");
  });

  it("an import finished", async () => {
    const answer = await t.request({
      method: "POST",
      url: "/api/imports/licenses",
      cookie: admin,
      payload: "Name,License Key\r\nImported One,IMPORT-EVENT-0001\r\n",
      headers: { "content-type": "text/csv" },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [event] = await eventsOf("import_finished");
    expect(event).toMatchObject({ title: "Import of licenses finished", text: "Imported 1 row." });
  });

  it("a day's reminders, once each, from a pass without mail", async () => {
    const day = todayIso();
    const obligation: ReminderObligation = {
      key: `license:99:expiry:${addDays(day, 7)}`,
      kind: "license_expiry",
      area: "licenses",
      itemId: 99,
      title: "License expires: Figma",
      date: addDays(day, 7),
      amount: "120.00",
      currency: "USD",
      path: "/licenses?search=Figma",
      personUserIds: [],
    };
    const pass = () =>
      runReminderPass(t.app.db, null, day, {
        obligations: async () => [obligation],
        linkBase: "",
      });
    expect((await pass()).queued).toBe(0); // no mail without SMTP
    await pass();
    const events = await eventsOf("reminder");
    expect(events.map((event) => event.key)).toEqual([`reminder:${obligation.key}:7`]);
    expect(events[0]).toMatchObject({
      title: "Reminder: License expires: Figma",
      text: `${addDays(day, 7)} (in 7 days). Amount: USD 120.00.`,
      link: "/licenses?search=Figma",
    });
    const mails = await t.app.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.kind, "reminder"));
    expect(mails).toEqual([]);
  });
});
