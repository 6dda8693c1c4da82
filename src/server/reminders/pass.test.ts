// runReminderPass against a real SMTP listener on loopback, with the day passed in (no fake
// timers): the right reminders at 30, 15 and 7 days, once each across repeated passes, restarts,
// downtime and two instances racing; retries after a refusal; opt-out; the daily digest.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { type SmtpListener, startSmtpListener } from "../../../tests/support/smtp-listener";
import { databaseUrl, openTestDatabase, usingPostgres } from "../../../tests/support/test-database";
import { addDays, daysBetween, type IsoDate } from "../../domain/dates";
import { type Database, openDatabase } from "../db/client";
import { reminderDeliveries, reminderPassState, userPreferences, users } from "../db/schema";
import { deliveryStatus } from "../mail/delivery-status";
import { createSmtpMailer, type Mailer } from "../mail/mailer";
import { setReminderOffsets } from "./offsets-service";
import { runReminderPass } from "./pass";
import type { ObligationSource, ReminderObligation } from "./plan";
import { CANCEL_REASONS } from "./recipient-check";

const LINK_BASE = "https://assets.example.test";
const START: IsoDate = "2026-03-01";

let database: Database;
let smtp: SmtpListener;
let mailer: Mailer;
let obligations: ReminderObligation[] = [];

/** The obligations list as the pass reads it: those dated within the range asked for. */
const source: ObligationSource = async (_db, range) =>
  obligations.filter(
    (o) => daysBetween(range.from, o.date) >= 0 && daysBetween(o.date, range.to) >= 0,
  );

const pass = (day: IsoDate, now = new Date(), db = database.db, m = mailer) =>
  runReminderPass(db, m, day, { obligations: source, linkBase: LINK_BASE, now });

function obligation(n: number, date: IsoDate, more: Partial<ReminderObligation> = {}) {
  return {
    key: `license:${n}:expiry:${date}`,
    kind: "license_expiry",
    area: "licenses",
    itemId: n,
    title: `License expires: Licence ${n}`,
    date,
    amount: "1200.50",
    currency: "AUD",
    path: `/licenses?search=Licence%20${n}`,
    personUserIds: [],
    ...more,
  } satisfies ReminderObligation;
}

/** Each test starts with no ledger, no planned day, and only the people it creates active. */
async function resetLedger() {
  await database.db.update(users).set({ isActive: false });
  await database.db.delete(reminderDeliveries);
  await database.db.delete(reminderPassState);
  await database.db.delete(userPreferences);
  smtp.clear();
}

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpListener();
  mailer = createSmtpMailer({ smtpUrl: smtp.url, from: "Quartermaster <it@example.test>" });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
  await database.close();
});
beforeEach(resetLedger);
afterEach(() => {
  obligations = [];
});

describe("runReminderPass", () => {
  it("mails the administrator and the assignee 30, 15 and 7 days before, once each, over a month", async () => {
    await createUser(database.db, { role: "admin", email: "boss@example.test" });
    const person = await createUser(database.db, { email: "jane@example.test" });
    await createUser(database.db, { email: "other@example.test" });
    const due = addDays(START, 40);
    obligations = [obligation(1, due, { personUserIds: [person.id] })];

    const mailsByDay = new Map<IsoDate, string[]>();
    for (let offset = 0; offset <= 45; offset += 1) {
      const day = addDays(START, offset);
      const before = smtp.received.length;
      await pass(day);
      // A second pass the same day (the next scheduler tick) sends nothing new.
      await pass(day);
      const today = smtp.received.slice(before).flatMap((mail) => mail.to);
      if (today.length > 0) mailsByDay.set(day, today.sort());
    }

    const both = ["boss@example.test", "jane@example.test"];
    expect(Object.fromEntries(mailsByDay)).toEqual({
      [addDays(due, -30)]: both,
      [addDays(due, -15)]: both,
      [addDays(due, -7)]: both,
    });
    expect(smtp.received.some((mail) => mail.to.includes("other@example.test"))).toBe(false);
  });

  it("writes the item, the date, the amount and the link, in text and HTML", async () => {
    await createUser(database.db, { role: "admin", email: "words@example.test" });
    const due = addDays(START, 7);
    obligations = [obligation(2, due, { title: "License expires: Figma <Team>" })];
    await pass(START);
    const mail = smtp.received.find((m) => m.to.includes("words@example.test"))!;
    expect(mail.from).toBe("it@example.test");
    expect(mail.subject).toBe(`Reminder: License expires: Figma <Team>, in 7 days (${due})`);
    expect(mail.text).toContain("License expires: Figma <Team>");
    expect(mail.text).toContain(`Date: ${due} (in 7 days)`);
    expect(mail.text).toContain("Amount: AUD 1200.50");
    expect(mail.text).toContain(`Open: ${LINK_BASE}/licenses?search=Licence%202`);
    // The title is escaped, never markup.
    expect(mail.html).toContain("Figma &lt;Team&gt;");
    expect(mail.html).toContain(`href="${LINK_BASE}/licenses?search=Licence%202"`);
    expect(mail.html).toContain("AUD 1200.50");
  });

  it("follows the offsets an administrator set for a kind", async () => {
    await createUser(database.db, { role: "admin", email: "offsets@example.test" });
    await setReminderOffsets(database.db, "hardware_warranty", [3]);
    const due = addDays(START, 3);
    obligations = [
      obligation(3, due, {
        kind: "hardware_warranty",
        key: "hardware:3:warranty",
        title: "Warranty ends: Laptop 3",
      }),
      // Licences keep the default: 3 days before is not one of 30, 15, 7.
      obligation(4, due),
    ];
    await pass(START);
    expect(smtp.received.map((m) => m.subject)).toEqual([
      `Reminder: Warranty ends: Laptop 3, in 3 days (${due})`,
    ]);
    await setReminderOffsets(database.db, "hardware_warranty", [30, 15, 7]);
  });

  it("catches up after downtime with one reminder per obligation, and skips what is past", async () => {
    await createUser(database.db, { role: "admin", email: "catchup@example.test" });
    obligations = [
      // Its 30- and 15-day reminders fall in the downtime: one mail, the 15-day one.
      obligation(5, addDays(START, 40)),
      // Dated inside the downtime: past by the time the server is back, no mail.
      obligation(6, addDays(START, 10)),
    ];
    await pass(START);
    expect(smtp.received).toHaveLength(0);
    const back = addDays(START, 27);
    await pass(back);
    expect(smtp.received.map((m) => m.subject)).toEqual([
      `Reminder: License expires: Licence 5, in 13 days (${addDays(START, 40)})`,
    ]);
    // The catch-up took the 15-day slot: the 7-day one still comes, once.
    smtp.clear();
    for (let offset = 28; offset <= 40; offset += 1) await pass(addDays(START, offset));
    expect(smtp.received.map((m) => m.subject)).toEqual([
      `Reminder: License expires: Licence 5, in 7 days (${addDays(START, 40)})`,
    ]);
  });

  it("sends nothing new for a day already handled, even after a restart", async () => {
    await createUser(database.db, { role: "admin", email: "restart@example.test" });
    obligations = [obligation(7, addDays(START, 30))];
    await pass(START);
    expect(smtp.received).toHaveLength(1);
    // A restarted server: a new mailer (and, on PostgreSQL, a new connection pool).
    const second = await reopen();
    const restartedMailer = createSmtpMailer({ smtpUrl: smtp.url, from: "it@example.test" });
    try {
      // The day is looked at again (for what became due since), and its mail is not queued twice.
      const outcome = await pass(START, new Date(), second.db, restartedMailer);
      expect(outcome).toMatchObject({
        plannedDays: { from: START, to: START },
        queued: 0,
        sent: 0,
      });
      // An operator re-running an earlier day by hand: handled already, not planned again.
      const earlier = await pass(addDays(START, -3), new Date(), second.db, restartedMailer);
      expect(earlier).toMatchObject({ plannedDays: null, queued: 0, sent: 0 });
    } finally {
      restartedMailer.close();
      await second.close();
    }
    expect(smtp.received).toHaveLength(1);
  });

  it("never lets a pass for a day still to come hold back the daily planning", async () => {
    await createUser(database.db, { role: "admin", email: "ahead@example.test" });
    // Local noon: the clock's day is START wherever the tests run.
    const noonOf = (day: IsoDate) => new Date(`${day}T12:00:00`);
    const subjects = () => smtp.received.map((m) => m.subject);
    obligations = [obligation(30, addDays(START, 40))];
    await pass(addDays(START, -1), noonOf(START));
    // An operator runs the pass of a day ten days ahead by hand: its reminder goes out.
    await pass(addDays(START, 10), noonOf(START));
    expect(subjects()).toEqual([
      `Reminder: License expires: Licence 30, in 30 days (${addDays(START, 40)})`,
    ]);
    smtp.clear();
    // Today's own planning still happens (an obligation added since has its reminder today)...
    obligations.push(obligation(31, addDays(START, 15)));
    const today = await pass(START, noonOf(START));
    expect(today.plannedDays).toEqual({ from: START, to: START });
    expect(subjects()).toEqual([
      `Reminder: License expires: Licence 31, in 15 days (${addDays(START, 15)})`,
    ]);
    smtp.clear();
    // ...and so does every day up to the one handled by hand, which sends nothing again.
    for (let offset = 1; offset <= 10; offset += 1) {
      await pass(addDays(START, offset), noonOf(addDays(START, offset)));
    }
    expect(subjects()).toEqual([
      `Reminder: License expires: Licence 31, in 7 days (${addDays(START, 15)})`,
    ]);
  });

  it("sends each mail once when two instances run their passes at the same moment", async () => {
    for (let n = 0; n < 3; n += 1) {
      await createUser(database.db, { role: "admin", email: `race${n}@example.test` });
    }
    obligations = Array.from({ length: 10 }, (_, n) => obligation(100 + n, addDays(START, 15)));
    const second = await reopen();
    const secondMailer = createSmtpMailer({ smtpUrl: smtp.url, from: "it@example.test" });
    try {
      const outcomes = await Promise.all([
        pass(START),
        pass(START, new Date(), second.db, secondMailer),
      ]);
      expect(outcomes.map((o) => o.queued).sort()).toEqual([0, 30]);
      expect(outcomes[0]!.sent + outcomes[1]!.sent).toBe(30);
    } finally {
      secondMailer.close();
      await second.close();
    }
    const sent = smtp.received.map((m) => `${m.to.join()}|${m.subject}`);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
  });

  it("retries a refused send with backoff and shows the refusal until it goes through", async () => {
    await createUser(database.db, { role: "admin", email: "retry@example.test" });
    obligations = [obligation(8, addDays(START, 7))];
    smtp.refuseNext(1);
    const t0 = new Date("2026-03-01T08:00:00Z");
    expect(await pass(START, t0)).toMatchObject({ queued: 1, sent: 0, failed: 1 });
    const [row] = await database.db.select().from(reminderDeliveries);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toContain("Mailbox busy");
    // Not yet: the first retry waits five minutes.
    await pass(START, new Date(t0.getTime() + 4 * 60_000));
    expect(smtp.received).toHaveLength(0);
    await pass(START, new Date(t0.getTime() + 5 * 60_000));
    expect(smtp.received.map((m) => m.to)).toEqual([["retry@example.test"]]);
    const [after] = await database.db.select().from(reminderDeliveries);
    expect(after).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("cancels a queued mail whose recipient was deactivated, demoted or let go of the item since", async () => {
    await createUser(database.db, { role: "admin", email: "still-admin@example.test" });
    const demoted = await createUser(database.db, { role: "admin", email: "demoted@example.test" });
    const leaver = await createUser(database.db, { email: "leaver@example.test" });
    const former = await createUser(database.db, { email: "former@example.test" });
    const keeper = await createUser(database.db, { email: "keeper@example.test" });
    const due = addDays(START, 7);
    obligations = [obligation(40, due, { personUserIds: [leaver.id, former.id, keeper.id] })];
    // Every first attempt is refused: all five wait for their retry.
    smtp.refuseNext(5);
    const t0 = new Date("2026-03-01T08:00:00Z");
    expect(await pass(START, t0)).toMatchObject({ queued: 5, failed: 5 });

    await database.db.update(users).set({ isActive: false }).where(eq(users.id, leaver.id));
    await database.db.update(users).set({ role: "user" }).where(eq(users.id, demoted.id));
    obligations = [obligation(40, due, { personUserIds: [leaver.id, keeper.id] })];
    const retried = await pass(START, new Date(t0.getTime() + 5 * 60_000));
    expect(retried).toMatchObject({ sent: 2, failed: 0, cancelled: 3 });
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual([
      "keeper@example.test",
      "still-admin@example.test",
    ]);

    const rows = await database.db.select().from(reminderDeliveries);
    const byRecipient = Object.fromEntries(
      rows.map((row) => [row.recipient, [row.status, row.attempts, row.lastError]]),
    );
    expect(byRecipient).toMatchObject({
      "demoted@example.test": ["cancelled", 1, CANCEL_REASONS.notAdmin],
      "leaver@example.test": ["cancelled", 1, CANCEL_REASONS.inactive],
      "former@example.test": ["cancelled", 1, CANCEL_REASONS.notConcerned],
    });
    // Administrators see them as cancelled, with the reason; a later pass leaves them so.
    const status = await deliveryStatus(database.db);
    expect(status.counts).toMatchObject({ cancelled: 3, failed: 0, retrying: 0 });
    expect(
      status.problems.map((p) => [p.recipient, p.status, p.lastError, p.nextAttemptAt]).sort(),
    ).toEqual([
      ["demoted@example.test", "cancelled", CANCEL_REASONS.notAdmin, null],
      ["former@example.test", "cancelled", CANCEL_REASONS.notConcerned, null],
      ["leaver@example.test", "cancelled", CANCEL_REASONS.inactive, null],
    ]);
    smtp.clear();
    await pass(START, new Date(t0.getTime() + 60 * 60_000));
    expect(smtp.received).toHaveLength(0);
  });

  it("gives up after the last attempt and keeps the row failed", async () => {
    await createUser(database.db, { role: "admin", email: "giveup@example.test" });
    obligations = [obligation(9, addDays(START, 7))];
    smtp.refuseNext(100);
    let now = new Date("2026-03-01T08:00:00Z");
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await pass(START, now);
      now = new Date(now.getTime() + 13 * 60 * 60_000);
    }
    smtp.refuseNext(0);
    const [row] = await database.db.select().from(reminderDeliveries);
    expect(row).toMatchObject({ status: "failed", attempts: 6 });
    expect(smtp.received).toHaveLength(0);
  });

  it("respects a person's opt-out, and skips people without an address or deactivated", async () => {
    await createUser(database.db, { role: "admin", email: "optout-admin@example.test" });
    const person = await createUser(database.db, { email: "optout@example.test" });
    const noMail = await createUser(database.db, { email: null });
    const gone = await createUser(database.db, { email: "gone@example.test", isActive: false });
    await database.db.insert(userPreferences).values({
      userId: person.id,
      licenseExpiryAlerts: false,
    });
    const due = addDays(START, 15);
    obligations = [
      obligation(10, due, { personUserIds: [person.id] }),
      obligation(11, due, { personUserIds: [noMail.id] }),
      obligation(12, due, { personUserIds: [gone.id] }),
      // Opted out of licence reminders only: a warranty still reaches them.
      obligation(13, due, {
        personUserIds: [person.id],
        kind: "hardware_warranty",
        key: "hardware:13:warranty",
        title: "Warranty ends: Laptop 13",
      }),
    ];
    await pass(START);
    const toPerson = smtp.received.filter((m) => m.to.includes("optout@example.test"));
    expect(toPerson.map((m) => m.subject)).toEqual([
      `Reminder: Warranty ends: Laptop 13, in 15 days (${due})`,
    ]);
    expect(smtp.received.filter((m) => m.to.includes("optout-admin@example.test"))).toHaveLength(4);
    expect(smtp.received).toHaveLength(5);
  });

  it("sends one digest a day to those who chose it, and single mails to the others", async () => {
    const digestAdmin = await createUser(database.db, {
      role: "admin",
      email: "digest@example.test",
    });
    await createUser(database.db, { role: "admin", email: "single@example.test" });
    await database.db
      .insert(userPreferences)
      .values({ userId: digestAdmin.id, reminderDigest: true });
    obligations = [
      obligation(20, addDays(START, 30)),
      obligation(21, addDays(START, 7), { amount: null, currency: null }),
    ];
    await pass(START);
    await pass(START);
    const digests = smtp.received.filter((m) => m.to.includes("digest@example.test"));
    expect(digests.map((m) => m.subject)).toEqual([
      `Quartermaster digest for ${START}: 2 reminders`,
    ]);
    expect(digests[0]!.text).toContain("License expires: Licence 20");
    expect(digests[0]!.text).toContain("License expires: Licence 21");
    expect(digests[0]!.text).toContain(`Open: ${LINK_BASE}/licenses?search=Licence%2021`);
    expect(smtp.received.filter((m) => m.to.includes("single@example.test"))).toHaveLength(2);
    // The folded reminders are marked, never sent on their own later.
    const folded = await database.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.status, "in_digest"));
    expect(folded).toHaveLength(2);
  });

  it("sends a later digest for what became due after the day's digest, once", async () => {
    const digestAdmin = await createUser(database.db, {
      role: "admin",
      email: "late-digest@example.test",
    });
    const person = await createUser(database.db, { email: "late-person@example.test" });
    await database.db.insert(userPreferences).values([
      { userId: digestAdmin.id, reminderDigest: true },
      { userId: person.id, reminderDigest: true },
    ]);
    const t0 = new Date("2026-03-01T08:00:00Z");
    const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    obligations = [obligation(50, addDays(START, 30), { personUserIds: [person.id] })];
    await pass(START, t0);
    expect(smtp.received.map((m) => `${m.to.join()}|${m.subject}`).sort()).toEqual([
      `late-digest@example.test|Quartermaster digest for ${START}: 1 reminder`,
      `late-person@example.test|Quartermaster digest for ${START}: 1 reminder`,
    ]);
    smtp.clear();

    // Added after the day's digests went: the next pass folds them into a second one.
    obligations.push(
      obligation(51, addDays(START, 15), { personUserIds: [person.id] }),
      obligation(52, addDays(START, 7)),
    );
    await pass(START, later(60));
    expect(smtp.received.map((m) => `${m.to.join()}|${m.subject}`).sort()).toEqual([
      `late-digest@example.test|Quartermaster digest for ${START}: 2 reminders`,
      `late-person@example.test|Quartermaster digest for ${START}: 1 reminder`,
    ]);
    const toPerson = smtp.received.find((m) => m.to.includes("late-person@example.test"))!;
    expect(toPerson.text).toContain("Licence 51");
    expect(toPerson.text).not.toContain("Licence 50");
    smtp.clear();
    await pass(START, later(120));
    expect(smtp.received).toHaveLength(0);

    // A third digest is checked against its own items, not the day's: the person let go of
    // item 53 before it went, and still holding item 50 does not let it through.
    smtp.refuseNext(2);
    obligations.push(obligation(53, addDays(START, 30), { personUserIds: [person.id] }));
    expect(await pass(START, later(180))).toMatchObject({ queued: 2, failed: 2 });
    obligations = obligations.map((o) =>
      o.key.startsWith("license:53:") ? { ...o, personUserIds: [] } : o,
    );
    expect(await pass(START, later(190))).toMatchObject({ sent: 1, cancelled: 1 });
    expect(smtp.received.map((m) => m.to.join())).toEqual(["late-digest@example.test"]);
  });
});

/** A second handle on the same database: another connection pool on PostgreSQL (another instance). */
async function reopen(): Promise<Pick<Database, "db" | "close">> {
  if (!usingPostgres()) return { db: database.db, close: async () => {} };
  const result = await database.db.execute(sql`select current_database() as name`);
  const rows = (result as unknown as { rows: { name: string }[] }).rows;
  const other = await openDatabase({
    kind: "postgres",
    url: databaseUrl(process.env.TEST_DATABASE_URL!, rows[0]!.name),
  });
  return other;
}
