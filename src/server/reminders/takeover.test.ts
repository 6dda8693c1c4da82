// A reminder batch left claimed by an instance that died is sent by another instance's delivery
// check within a minute, once; a live sender that is slow keeps its rows (the heartbeat). The
// clock the lease and claims run on is passed in, so time jumps without fake timers; the dead
// instance is a holder that takes the lease, claims the rows and then does nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { type SmtpListener, startSmtpListener } from "../../../tests/support/smtp-listener";
import { openTestDatabase } from "../../../tests/support/test-database";
import { addDays, type IsoDate } from "../../domain/dates";
import type { Database } from "../db/client";
import { takeLease } from "../db/lease";
import { reminderDeliveries, reminderPassState, users } from "../db/schema";
import { claimDue, deliverDue } from "../mail/deliver";
import { createSmtpMailer, type Mailer } from "../mail/mailer";
import { REMINDER_PASS_LEASE } from "./lease";
import { runDeliveryCheck } from "./pass";
import { type ObligationSource, planReminders, type ReminderObligation } from "./plan";

const LINK_BASE = "https://assets.example.test";
const DAY: IsoDate = "2026-03-01";
const T0 = new Date("2026-03-01T09:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

let database: Database;
let smtp: SmtpListener;
let mailer: Mailer;

const obligations: ReminderObligation[] = [1, 2, 3].map((n) => ({
  key: `license:${n}:expiry:${addDays(DAY, 15)}`,
  kind: "license_expiry",
  area: "licenses",
  itemId: n,
  title: `License expires: Licence ${n}`,
  date: addDays(DAY, 15),
  amount: null,
  currency: null,
  path: `/licenses?search=Licence%20${n}`,
  personUserIds: [],
}));
const source: ObligationSource = async () => obligations;

/** Three mails queued for one administrator, none sent. */
async function queueThree() {
  await createUser(database.db, { role: "admin", email: "boss@example.test" });
  const planned = await planReminders(database.db, source, DAY, LINK_BASE, T0);
  expect(planned.queued).toBe(3);
}

const sentOnce = () => {
  const subjects = smtp.received.map((m) => m.subject);
  expect(subjects).toHaveLength(3);
  expect(new Set(subjects).size).toBe(3);
};

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpListener();
  mailer = createSmtpMailer({ smtpUrl: smtp.url, from: "it@example.test" });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.update(users).set({ isActive: false });
  await database.db.delete(reminderDeliveries);
  await database.db.delete(reminderPassState);
  smtp.clear();
});

describe("a reminder batch claimed by an instance that died", () => {
  it("is sent by another instance's check within a minute, once, and not while the claim is live", async () => {
    await queueThree();
    expect(await takeLease(database.db, REMINDER_PASS_LEASE, "dead-instance", T0)).toBe(true);
    expect(await claimDue(database.db, T0, T0)).toHaveLength(3);

    const check = (seconds: number) =>
      runDeliveryCheck(database.db, mailer, DAY, {
        obligations: source,
        linkBase: LINK_BASE,
        now: T0,
        clock: () => at(seconds),
      });
    // Its claim may still be a live sender's: left alone.
    expect(await check(20)).toBeNull();
    expect(smtp.received).toHaveLength(0);

    expect(await check(60)).toMatchObject({ sent: 3, failed: 0 });
    expect(await check(75)).toBeNull();
    sentOnce();
  });
});

describe("a live sender slower than one claim", () => {
  it("keeps its rows: another instance delivering meanwhile takes none of them", async () => {
    await queueThree();
    let seconds = 0;
    let takenByOther = 0;
    // Each send takes 40 s of the clock, during which the other instance tries to deliver.
    const slowMailer: Mailer = {
      async send(mail) {
        seconds += 40;
        const other = await deliverDue(database.db, mailer, T0, { clock: () => at(seconds) });
        takenByOther += other.sent;
        await mailer.send(mail);
      },
      close() {},
    };
    const outcome = await deliverDue(database.db, slowMailer, T0, { clock: () => at(seconds) });
    expect({ sent: outcome.sent, takenByOther }).toEqual({ sent: 3, takenByOther: 0 });
    sentOnce();
  });
});
