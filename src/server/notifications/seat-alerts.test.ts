// Low-seat alerts (issue 34 item 3) through the API: a threshold crossed alerts once (to the
// channels that chose seat_threshold and by mail to the administrators), staying low alerts no
// more, rising above and falling again alerts again; a license whose threshold is already met
// alerts when it is set; seats taken by a path that does not alert itself (a direct write, as an
// import or offboarding makes) are alerted by the delivery check's sweep; the list filters the
// licenses at or under their threshold.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { licenseAssignments, notificationEvents, reminderDeliveries } from "../db/schema";
import { parseNotificationMessage } from "./message";
import { sweepLowSeatAlerts } from "./seat-alerts";

let t: TestApp;
let admin: string;
let adminId: number;
let channelId: number;

beforeAll(async () => {
  t = await buildTestApp({
    WEBHOOKS_ALLOW_LOCAL: "true",
    SMTP_URL: "smtp://127.0.0.1:9",
    MAIL_FROM: "Quartermaster <it@example.test>",
    PUBLIC_URL: "https://assets.example.test",
  });
  const signedIn = await t.signedInUser({ role: "admin", email: "admin@example.test" });
  admin = signedIn.cookie;
  adminId = signedIn.user.id;
  const channel = await t.request({
    method: "POST",
    url: "/api/notification-channels",
    cookie: admin,
    payload: {
      kind: "webhook",
      name: "Seats",
      url: "http://127.0.0.1:9/hook",
      events: ["seat_threshold"],
    },
  });
  expect(channel.statusCode, channel.body).toBe(201);
  channelId = channel.json().id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.db.delete(reminderDeliveries);
  await t.app.db.delete(notificationEvents);
});

const people = async (n: number) =>
  Promise.all(Array.from({ length: n }, () => createUser(t.app.db)));

async function seatEvents(licenseId: number) {
  return t.app.db
    .select()
    .from(notificationEvents)
    .where(
      and(eq(notificationEvents.type, "seat_threshold"), eq(notificationEvents.itemId, licenseId)),
    )
    .orderBy(notificationEvents.id);
}

async function unassign(assignmentId: number) {
  const answer = await t.request({
    method: "PATCH",
    url: `/api/assignments/${assignmentId}/deactivate`,
    cookie: admin,
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe("low-seat alerts", () => {
  it("alerts once per crossing: not again while low, again after rising above and falling", async () => {
    const license = await createLicenseViaApi(t, admin, { totalSeats: 4, lowSeatThreshold: 1 });
    expect(license).toMatchObject({ lowSeatThreshold: 1, lowSeats: false });
    const [a, b, c, d] = await people(4);

    await assignViaApi(t, admin, license.id, a!.id);
    await assignViaApi(t, admin, license.id, b!.id);
    expect(await seatEvents(license.id)).toHaveLength(0); // 2 left, over the threshold
    const third = await assignViaApi(t, admin, license.id, c!.id); // 1 left: crossed
    let events = await seatEvents(license.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      title: `Seats running low: ${license.name}`,
      text: "1 of 4 seats available (alert at 1 or fewer).",
      itemArea: "licenses",
      link: `/licenses?search=${encodeURIComponent(license.name)}`,
    });
    await assignViaApi(t, admin, license.id, d!.id); // 0 left: still low, no new alert
    expect(await seatEvents(license.id)).toHaveLength(1);

    // The channel's delivery and the administrator's mail, one each.
    const rows = await t.app.db.select().from(reminderDeliveries);
    const alerts = rows.filter((row) => row.kind === "notification");
    expect(alerts.map((row) => row.channelId)).toEqual([channelId]);
    expect(parseNotificationMessage(alerts[0]!.textBody)).toMatchObject({
      type: "seat_threshold",
      item: { area: "licenses", id: license.id, label: license.name },
    });
    const mails = rows.filter((row) => row.kind === "alert");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      userId: adminId,
      recipient: "admin@example.test",
      subject: `Seats running low: ${license.name}`,
      status: "pending",
    });
    expect(mails[0]!.textBody).toContain(
      `https://assets.example.test/licenses?search=${encodeURIComponent(license.name)}`,
    );

    // Two freed: 2 left, above the threshold (re-armed, nothing sent); taken again: a new alert.
    const list = await t.app.db
      .select({ id: licenseAssignments.id })
      .from(licenseAssignments)
      .where(eq(licenseAssignments.licenseId, license.id));
    await unassign(third.id);
    await unassign(list.find((row) => row.id !== third.id)!.id);
    expect(await seatEvents(license.id)).toHaveLength(1);
    const [e] = await people(1);
    await assignViaApi(t, admin, license.id, e!.id);
    events = await seatEvents(license.id);
    expect(events.map((event) => event.key)).toEqual([
      `seat_threshold:license:${license.id}:crossing:1`,
      `seat_threshold:license:${license.id}:crossing:2`,
    ]);
  });

  it("alerts when fewer seats or a higher threshold meet what is taken, and not for no threshold", async () => {
    const license = await createLicenseViaApi(t, admin, { totalSeats: 5 });
    const [a, b] = await people(2);
    await assignViaApi(t, admin, license.id, a!.id);
    await assignViaApi(t, admin, license.id, b!.id);
    expect(await seatEvents(license.id)).toHaveLength(0);

    const edit = (payload: Record<string, unknown>) =>
      t.request({ method: "PATCH", url: `/api/licenses/${license.id}`, cookie: admin, payload });
    const raised = await edit({ lowSeatThreshold: 3 }); // 3 left, threshold 3: low
    expect(raised.json()).toMatchObject({ lowSeatThreshold: 3, lowSeats: true, seatsLeft: 3 });
    expect(await seatEvents(license.id)).toHaveLength(1);
    expect((await edit({ lowSeatThreshold: 1 })).json()).toMatchObject({ lowSeats: false });
    expect((await edit({ totalSeats: 3 })).json()).toMatchObject({ lowSeats: true });
    expect(await seatEvents(license.id)).toHaveLength(2);
    // Cleared: never low, nothing more.
    expect((await edit({ lowSeatThreshold: "" })).json()).toMatchObject({
      lowSeatThreshold: null,
      lowSeats: false,
    });
    expect((await edit({ totalSeats: 2 })).json()).toMatchObject({ lowSeats: false });
    expect(await seatEvents(license.id)).toHaveLength(2);

    const created = await createLicenseViaApi(t, admin, { totalSeats: 1, lowSeatThreshold: 1 });
    expect(created.lowSeats).toBe(true);
    expect(await seatEvents(created.id)).toHaveLength(1);
  });

  it("refuses a threshold that is not a whole number of seats and changes nothing", async () => {
    const license = await createLicenseViaApi(t, admin, { lowSeatThreshold: 2 });
    for (const lowSeatThreshold of [-1, 1.5, "many"]) {
      const answer = await t.request({
        method: "PATCH",
        url: `/api/licenses/${license.id}`,
        cookie: admin,
        payload: { lowSeatThreshold },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe("VALIDATION_FAILED");
    }
    const read = await t.request({ url: `/api/licenses/${license.id}`, cookie: admin });
    expect(read.json().lowSeatThreshold).toBe(2);
  });

  it("alerts seats taken by any other path from the sweep, once", async () => {
    const license = await createLicenseViaApi(t, admin, { totalSeats: 2, lowSeatThreshold: 0 });
    const [a, b] = await people(2);
    // Two seats in one statement, as an import or an offboarding writes them.
    await t.app.db.insert(licenseAssignments).values(
      [a!, b!].map((person) => ({
        licenseId: license.id,
        userId: person.id,
        assignedTo: person.username,
        assignedDate: "2026-11-29",
      })),
    );
    expect(await seatEvents(license.id)).toHaveLength(0);
    const mail = { linkBase: "https://assets.example.test" };
    expect(await sweepLowSeatAlerts(t.app.db, mail)).toBe(1);
    expect(await sweepLowSeatAlerts(t.app.db, mail)).toBe(0);
    expect(await seatEvents(license.id)).toHaveLength(1);
    const rows = await t.app.db.select().from(reminderDeliveries);
    expect(rows.map((row) => row.kind).sort()).toEqual(["alert", "notification"]);
    expect(rows.find((row) => row.kind === "alert")?.key).toMatch(
      new RegExp(`^seat_threshold:license:${license.id}:crossing:1:user:\\d+$`),
    );
  });

  it("lists only the licenses at or under their threshold when asked", async () => {
    const low = await createLicenseViaApi(t, admin, { totalSeats: 1, lowSeatThreshold: 1 });
    const fine = await createLicenseViaApi(t, admin, { totalSeats: 9, lowSeatThreshold: 1 });
    const answer = await t.request({ url: "/api/licenses?lowSeats=true&limit=50", cookie: admin });
    expect(answer.statusCode).toBe(200);
    const ids = answer.json().map((license: { id: number }) => license.id);
    expect(ids).toContain(low.id);
    expect(ids).not.toContain(fine.id);
    expect(answer.json().every((license: { lowSeats: boolean }) => license.lowSeats)).toBe(true);
    const bad = await t.request({ url: "/api/licenses?lowSeats=maybe", cookie: admin });
    expect(bad.statusCode).toBe(400);
  });
});
