// `npm run reminders -- --date YYYY-MM-DD`: its arguments and what it reports.
import { describe, expect, it } from "vitest";
import { CliError } from "./cli-error";
import { describePass, reminderPassDay } from "./reminders-core";

describe("reminderPassDay", () => {
  it("takes --date, or today without it", () => {
    expect(reminderPassDay(["--date", "2026-03-01"])).toBe("2026-03-01");
    expect(reminderPassDay(["--date=2026-03-01"])).toBe("2026-03-01");
    expect(reminderPassDay([], () => "2026-11-24")).toBe("2026-11-24");
  });

  it("refuses a date that is not one, and unknown arguments, with the usage", () => {
    for (const args of [
      ["--date", "2026-02-30"],
      ["--date", "tomorrow"],
      ["--day", "2026-03-01"],
    ]) {
      expect(() => reminderPassDay(args), args.join(" ")).toThrow(CliError);
      expect(() => reminderPassDay(args)).toThrow("Usage: npm run reminders");
    }
  });
});

describe("describePass", () => {
  const base = { busy: false, queued: 0, sent: 0, failed: 0, cancelled: 0, plannedDays: null };
  it("says what was planned and sent", () => {
    expect(
      describePass("2026-03-01", {
        ...base,
        plannedDays: { from: "2026-02-27", to: "2026-03-01" },
        queued: 3,
        sent: 2,
        failed: 1,
        cancelled: 1,
      }),
    ).toBe(
      "Planned the reminders of 2026-02-27 to 2026-03-01: 3 mail(s) queued.\nSent 2 mail(s). 1 refused by the mail server (retried later; see Settings, Reminder delivery). 1 cancelled (the recipient was deactivated or lost access).",
    );
    expect(describePass("2026-03-01", base)).toBe(
      "The reminders of 2026-03-01 were planned already: nothing new queued.\nSent 0 mail(s).",
    );
    expect(describePass("2026-03-01", { ...base, busy: true })).toMatch(/^Another server/);
  });
});
