// The mail settings: both SMTP_URL and MAIL_FROM, with PUBLIC_URL for the links, or none at all.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";

const mail = {
  SMTP_URL: "smtp://user:secret@mail.example.test:587",
  MAIL_FROM: "Quartermaster <it@example.test>",
  PUBLIC_URL: "https://assets.example.test/",
};

describe("mail configuration", () => {
  it("is off by default, with passes every 60 minutes", () => {
    const config = loadConfig({});
    expect(config.mail).toBeNull();
    expect(config.reminderIntervalMs).toBe(60 * 60_000);
  });

  it("is on with SMTP_URL, MAIL_FROM and PUBLIC_URL; links start at PUBLIC_URL's origin", () => {
    const config = loadConfig({ ...mail, REMINDER_INTERVAL_MINUTES: "5" });
    expect(config.mail).toEqual({
      smtpUrl: mail.SMTP_URL,
      from: mail.MAIL_FROM,
      linkBase: "https://assets.example.test",
    });
    expect(config.reminderIntervalMs).toBe(5 * 60_000);
  });

  it("names what is missing or wrong", () => {
    expect(() => loadConfig({ SMTP_URL: mail.SMTP_URL, PUBLIC_URL: mail.PUBLIC_URL })).toThrow(
      "MAIL_FROM: is required when SMTP_URL is set",
    );
    expect(() => loadConfig({ MAIL_FROM: mail.MAIL_FROM, PUBLIC_URL: mail.PUBLIC_URL })).toThrow(
      "SMTP_URL: is required when MAIL_FROM is set",
    );
    expect(() => loadConfig({ SMTP_URL: mail.SMTP_URL, MAIL_FROM: mail.MAIL_FROM })).toThrow(
      "PUBLIC_URL: is required when SMTP_URL is set",
    );
    expect(() => loadConfig({ ...mail, SMTP_URL: "http://mail.example.test" })).toThrow(
      "SMTP_URL: must be an smtp:// or smtps:// URL",
    );
    for (const value of ["0", "1441", "1.5", "often"]) {
      expect(() => loadConfig({ REMINDER_INTERVAL_MINUTES: value }), value).toThrow(
        "REMINDER_INTERVAL_MINUTES",
      );
    }
  });

  it("never shows the SMTP password in its error message", () => {
    expect(() => loadConfig({ SMTP_URL: mail.SMTP_URL })).not.toThrow(/secret/);
  });
});
