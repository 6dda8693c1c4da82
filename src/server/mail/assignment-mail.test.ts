// Assignment-change mails end to end: a change made through the API writes its mail to the send
// ledger in the same transaction, and the reminder pass delivers it to a real SMTP listener; once,
// retried when refused, never when the person opted out, mail is off or the change rolled back.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assignAccountViaApi, createAccountViaApi } from "../../../tests/support/accounts";
import { createUser } from "../../../tests/support/factories";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { type SmtpListener, startSmtpListener } from "../../../tests/support/smtp-listener";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { todayIso } from "../../domain/dates";
import { gsuiteAccounts, reminderDeliveries, userPreferences } from "../db/schema";
import { assignSeat } from "../licenses/assignments-service";
import { runReminderPass } from "../reminders/pass";
import { createSmtpMailer, type Mailer } from "./mailer";

const LINK_BASE = "https://assets.example.test";

let t: TestApp;
let smtp: SmtpListener;
let mailer: Mailer;
let admin: Awaited<ReturnType<TestApp["signedInUser"]>>;

/** A pass as the scheduler runs it, with no obligations: only the queued mails go. */
const pass = (now = new Date()) =>
  runReminderPass(t.app.db, mailer, todayIso(), {
    obligations: async () => [],
    linkBase: LINK_BASE,
    now,
  });

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

const ledgerRowsOf = (userId: number, db = t.app.db) =>
  db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, userId));

/** Nothing queued for the person, and a pass sends them nothing. */
async function expectNoMailTo(person: { id: number; email: string | null }) {
  expect(await ledgerRowsOf(person.id)).toEqual([]);
  await pass();
  expect(mailsTo(person.email!)).toEqual([]);
}

let serial = 0;
const unique = (prefix: string) => `${prefix} ${++serial}-${process.pid}`;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await buildTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "it@example.test",
    PUBLIC_URL: LINK_BASE,
  });
  mailer = createSmtpMailer({ smtpUrl: smtp.url, from: "it@example.test" });
  admin = await t.signedInUser({ role: "admin" });
});
afterAll(async () => {
  mailer.close();
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  // Whatever earlier tests queued is sent now, so each test sees only its own mails.
  await pass();
  smtp.clear();
});

describe("assignment-change mails", () => {
  it("tells the person of a seat given and taken back, in text and HTML, with the link", async () => {
    const person = await createUser(t.app.db, { email: "seat@example.test" });
    const license = await createLicenseViaApi(t, admin.cookie, { name: unique("Figma <Team>") });
    const seat = await assignViaApi(t, admin.cookie, license.id, person.id);
    expect(await pass()).toMatchObject({ sent: 1 });

    const [given] = mailsTo("seat@example.test");
    expect(given!.subject).toBe(`Assigned to you: License seat: ${license.name}`);
    expect(given!.text).toContain(`This was assigned to you on ${todayIso()}.`);
    const link = `${LINK_BASE}/licenses?${new URLSearchParams({ search: license.name })}`;
    expect(given!.text).toContain(`Open: ${link}`);
    expect(given!.html).toContain(license.name.replace("<", "&lt;").replace(">", "&gt;"));
    expect(given!.html).toContain(`href="${link}"`);
    // The administrator who made the change hears nothing of it.
    expect(smtp.received).toHaveLength(1);

    const ended = await t.request({
      method: "PATCH",
      url: `/api/assignments/${seat.id}/deactivate`,
      cookie: admin.cookie,
    });
    expect(ended.statusCode).toBe(200);
    await pass();
    expect(mailsTo("seat@example.test").map((mail) => mail.subject)).toEqual([
      `Assigned to you: License seat: ${license.name}`,
      `No longer assigned to you: License seat: ${license.name}`,
    ]);
    // Sent once: later passes find nothing more to send.
    expect(await pass()).toMatchObject({ sent: 0 });
  });

  it("tells both people when hardware changes hands, and the holders of accounts", async () => {
    const first = await createUser(t.app.db, { email: "first@example.test" });
    const second = await createUser(t.app.db, { email: "second@example.test" });
    const created = await t.request({
      method: "POST",
      url: "/api/hardware",
      payload: {
        name: unique("Laptop"),
        type: "laptop",
        identifier: unique("SN"),
        assignedToUserId: first.id,
      },
      cookie: admin.cookie,
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json() as { id: number; name: string };
    // Taken back, then given to the other person (an item held is not given over directly).
    for (const assignedToUserId of [null, second.id]) {
      const moved = await t.request({
        method: "PATCH",
        url: `/api/hardware/${item.id}`,
        payload: { assignedToUserId },
        cookie: admin.cookie,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const office = await createAccountViaApi(t, admin.cookie, {
      email: `${unique("office").replace(" ", "-")}@example.com`,
    });
    await assignAccountViaApi(t, admin.cookie, office.id, second.id);
    const [workspace] = await t.app.db
      .insert(gsuiteAccounts)
      .values({ email: `${unique("ws").replace(" ", "-")}@example.com`, planType: "Business" })
      .returning();
    const given = await t.request({
      method: "PATCH",
      url: `/api/gsuite-accounts/${workspace!.id}`,
      payload: { assignedToUserId: second.id },
      cookie: admin.cookie,
    });
    expect(given.statusCode, given.body).toBe(200);

    await pass();
    // In any order: the listener parses messages as they come.
    const subjectsTo = (address: string) =>
      mailsTo(address)
        .map((mail) => mail.subject)
        .sort();
    expect(subjectsTo("first@example.test")).toEqual([
      `Assigned to you: Hardware: ${item.name}`,
      `No longer assigned to you: Hardware: ${item.name}`,
    ]);
    expect(subjectsTo("second@example.test")).toEqual([
      `Assigned to you: G Suite account: ${workspace!.email}`,
      `Assigned to you: Hardware: ${item.name}`,
      `Assigned to you: Office account: ${office.email}`,
    ]);
  });

  it("tells the new holder of what an offboarding handed over, not the person leaving", async () => {
    const leaving = await createUser(t.app.db, { email: "leaving@example.test" });
    const heir = await createUser(t.app.db, { email: "heir@example.test" });
    const license = await createLicenseViaApi(t, admin.cookie, { name: unique("Sketch") });
    const seat = await assignViaApi(t, admin.cookie, license.id, leaving.id);
    await pass();
    smtp.clear();
    const response = await t.request({
      method: "POST",
      url: `/api/users/${leaving.id}/offboard`,
      payload: {
        decisions: [{ kind: "license_seat", id: seat.id, action: "reassign", toUserId: heir.id }],
      },
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    await pass();
    expect(smtp.received.map((mail) => [mail.to, mail.subject])).toEqual([
      [["heir@example.test"], `Assigned to you: License seat: ${license.name}`],
    ]);
  });

  it("writes nothing for a person who turned 'assignment changes' off", async () => {
    const person = await createUser(t.app.db, { email: "optout@example.test" });
    await t.app.db
      .insert(userPreferences)
      .values({ userId: person.id, assignmentChangeAlerts: false });
    const license = await createLicenseViaApi(t, admin.cookie);
    await assignViaApi(t, admin.cookie, license.id, person.id);
    await expectNoMailTo(person);
  });

  it("writes nothing when the change rolls back", async () => {
    const person = await createUser(t.app.db, { email: "rollback@example.test" });
    const license = await createLicenseViaApi(t, admin.cookie);
    await expect(
      t.app.db.transaction(async (tx) => {
        await assignSeat(
          tx,
          { licenseId: license.id, userId: person.id, isActive: true },
          { userId: admin.user.id, ipAddress: null, userAgent: null, via: "session" },
          { mail: { linkBase: LINK_BASE } },
        );
        throw new Error("a later step of the same change failed");
      }),
    ).rejects.toThrow("a later step");
    await expectNoMailTo(person);
  });

  it("retries a refused mail with backoff, then sends it once", async () => {
    const person = await createUser(t.app.db, { email: "retry@example.test" });
    const license = await createLicenseViaApi(t, admin.cookie);
    await assignViaApi(t, admin.cookie, license.id, person.id);
    smtp.refuseNext(1);
    const t0 = new Date();
    expect(await pass(t0)).toMatchObject({ sent: 0, failed: 1 });
    const [row] = await ledgerRowsOf(person.id);
    expect(row).toMatchObject({ kind: "assignment", status: "pending", attempts: 1 });
    expect(await pass(new Date(t0.getTime() + 4 * 60_000))).toMatchObject({ sent: 0 });
    expect(await pass(new Date(t0.getTime() + 5 * 60_000))).toMatchObject({ sent: 1 });
    expect(await pass(new Date(t0.getTime() + 60 * 60_000))).toMatchObject({ sent: 0 });
    expect(mailsTo("retry@example.test")).toHaveLength(1);
  });
});

describe("assignment-change mails with mail off", () => {
  it("writes nothing: no server would send it", async () => {
    const off = await buildTestApp();
    try {
      const { cookie } = await off.signedInUser({ role: "admin" });
      const person = await createUser(off.app.db, { email: "nomail@example.test" });
      const license = await createLicenseViaApi(off, cookie);
      await assignViaApi(off, cookie, license.id, person.id);
      expect(await ledgerRowsOf(person.id, off.app.db)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
