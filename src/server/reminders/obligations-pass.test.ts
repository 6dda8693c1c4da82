// The pass on real items: a license expiring and assigned to a person, read through the
// obligations list, reaches the administrators and that person, and never carries the key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { type SmtpListener, startSmtpListener } from "../../../tests/support/smtp-listener";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { addDays, todayIso } from "../../domain/dates";
import { createSmtpMailer, type Mailer } from "../mail/mailer";
import { reminderObligations } from "./obligation-source";
import { runReminderPass } from "./pass";

let t: TestApp;
let smtp: SmtpListener;
let mailer: Mailer;

beforeAll(async () => {
  t = await buildTestApp();
  smtp = await startSmtpListener();
  mailer = createSmtpMailer({ smtpUrl: smtp.url, from: "it@example.test" });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
  await t.close();
});

describe("a reminder pass over the obligations list", () => {
  it("mails the administrator and the seat holder 30 days before a license expires", async () => {
    const admin = await t.signedInUser({ role: "admin", email: "admin@example.test" });
    const holder = await t.signedInUser({ email: "holder@example.test" });
    await t.signedInUser({ email: "bystander@example.test" });
    const day = todayIso();
    const expiry = addDays(day, 30);
    const license = await createLicenseViaApi(t, admin.cookie, {
      name: "Figma Enterprise",
      expiryDate: expiry,
      paymentAmount: 1234.5,
      paymentCurrency: "AUD",
    });
    await assignViaApi(t, admin.cookie, license.id, holder.user.id);

    const outcome = await runReminderPass(t.app.db, mailer, day, {
      obligations: reminderObligations,
      linkBase: "https://assets.example.test",
    });
    expect(outcome).toMatchObject({ busy: false, queued: 2, sent: 2, failed: 0 });

    const recipients = smtp.received.flatMap((mail) => mail.to).sort();
    expect(recipients).toEqual(["admin@example.test", "holder@example.test"]);
    const mailTo = (address: string) => smtp.received.find((mail) => mail.to.includes(address))!;
    // Payment amounts are for administrators: the seat holder is told the item and the date.
    expect(mailTo("admin@example.test").text).toContain("Amount: AUD 1234.50");
    expect(mailTo("holder@example.test").text).not.toContain("1234.50");
    expect(mailTo("holder@example.test").html).not.toContain("1234.50");
    for (const mail of smtp.received) {
      expect(mail.subject).toContain("Figma Enterprise");
      expect(mail.subject).toContain(expiry);
      expect(mail.text).toContain("https://assets.example.test/licenses?search=Figma+Enterprise");
      expect(mail.text).not.toContain(license.clearKey);
      expect(mail.html).not.toContain(license.clearKey);
    }
  });
});

describe("an item created or re-dated on its reminder day, after that day's pass", () => {
  it("is mailed by the next pass the same day, once", async () => {
    const admin = await t.signedInUser({ role: "admin", email: "late-admin@example.test" });
    const day = todayIso();
    const pass = () =>
      runReminderPass(t.app.db, mailer, day, {
        obligations: reminderObligations,
        linkBase: "https://assets.example.test",
      });
    const redated = await createLicenseViaApi(t, admin.cookie, {
      name: "Re-dated Licence",
      expiryDate: addDays(day, 40),
    });
    // The day's pass has run: nothing of these two is due yet.
    await pass();
    smtp.clear();

    await createLicenseViaApi(t, admin.cookie, {
      name: "Late Licence",
      expiryDate: addDays(day, 7),
    });
    const moved = await t.request({
      method: "PATCH",
      url: `/api/licenses/${redated.id}`,
      payload: { expiryDate: addDays(day, 15) },
      cookie: admin.cookie,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    await pass();
    const toLateAdmin = () =>
      smtp.received
        .filter((mail) => mail.to.includes("late-admin@example.test"))
        .map((mail) => mail.subject)
        .sort();
    const expected = [
      expect.stringContaining(`Late Licence, in 7 days (${addDays(day, 7)})`),
      expect.stringContaining(`Re-dated Licence, in 15 days (${addDays(day, 15)})`),
    ];
    expect(toLateAdmin()).toEqual(expected);

    // The pass after that: nothing is mailed again.
    await pass();
    expect(toLateAdmin()).toEqual(expected);
  });
});
