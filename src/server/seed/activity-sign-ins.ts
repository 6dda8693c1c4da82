// Demo activity that is not about one item: sign-ins (and their failures), settings, imports and
// exports.
import type { ActivityEntry } from "../activity/record";
import { actorOf, type DemoRecord, record, STRANGER } from "./activity-actors";
import { ago, type SeedContext } from "./context";
import { BROWSERS } from "./licenses";

/**
 * Sign-ins over the last six weeks: the administrators most working days, a few staff now and
 * then, by a fixed pattern; and the failures a real log has (a mistyped password, the inactive
 * person trying, a stranger guessing).
 */
export function signInRecords(context: SeedContext): DemoRecord[] {
  const everyNDays: [string, number, number][] = [
    // username, every how many days, and an hour offset so not everyone signs in at once
    ["admin", 1, 1],
    ["priya", 2, 0],
    ["jane", 3, 2],
    ["marcus", 5, 3],
    ["emma", 7, 4],
    ["grace", 7, 1],
    ["daniel", 9, 2],
    ["ava", 11, 5],
    ["ethan", 13, 3],
  ];
  const out: DemoRecord[] = [];
  for (const [username, every, hour] of everyNDays) {
    for (let daysAgo = 42; daysAgo >= 1; daysAgo -= every) {
      const at = ago(context, daysAgo, 24 - 8 - hour);
      // Weekends off: the log of an office, not of a cron job.
      if (at.getUTCDay() === 0 || at.getUTCDay() === 6) continue;
      const signIn = record(context, username, at, {
        action: "sign_in",
        area: "auth",
        itemId: context.person(username).id,
        detail: { method: "password" },
      });
      out.push(signIn);
      if (daysAgo % 4 === 0) {
        out.push(
          record(context, username, ago(context, daysAgo, 24 - 16 - hour), {
            action: "sign_out",
            area: "auth",
            itemId: context.person(username).id,
          }),
        );
      }
    }
  }
  const failed = (username: string, reason: string) => ({
    action: "sign_in_failed" as const,
    area: "auth" as const,
    itemId: context.person(username).id,
    itemLabel: username,
    detail: { method: "password", reason },
  });
  out.push(
    {
      at: ago(context, 9, 15),
      actor: { ...actorOf(context, "jane"), userId: null },
      entry: failed("jane", "INVALID_CREDENTIALS"),
    },
    {
      at: ago(context, 5, 14),
      actor: { ...STRANGER, ipAddress: "203.0.113.150", userAgent: BROWSERS.chrome },
      entry: failed("tom", "ACCOUNT_DEACTIVATED"),
    },
    {
      at: ago(context, 17, 20),
      actor: STRANGER,
      // A username that matches nobody is not kept: people type their password into it.
      entry: {
        action: "sign_in_failed",
        area: "auth",
        itemId: null,
        itemLabel: null,
        detail: { method: "password", reason: "INVALID_CREDENTIALS" },
      },
    },
  );
  return out;
}

/** Settings, imports and exports: the records that are not about one item. */
export function otherRecords(context: SeedContext): DemoRecord[] {
  const jane = context.person("jane").id;
  const preferences = (changes: ActivityEntry["changes"]) => ({
    action: "settings_change" as const,
    area: "settings" as const,
    itemId: jane,
    itemLabel: "Notification and security preferences",
    changes,
  });
  return [
    // Jane turned assignment mails off and, missing them, on again: her settings are the
    // defaults now, as the (empty) preferences table says.
    record(
      context,
      "jane",
      ago(context, 19, 7),
      preferences({
        assignmentChangeAlerts: { before: true, after: false },
      }),
    ),
    record(
      context,
      "jane",
      ago(context, 12, 6),
      preferences({
        assignmentChangeAlerts: { before: false, after: true },
      }),
    ),
    record(context, "priya", ago(context, 38, 5), {
      action: "import",
      area: "hardware",
      itemId: null,
      itemLabel: "CSV import",
      detail: { rows: 6, skipped: 1 },
    }),
    record(context, "admin", ago(context, 7, 3), {
      action: "export",
      area: "licenses",
      itemId: null,
      itemLabel: "Licenses",
      detail: { format: "xlsx", filters: { status: "expiring" }, rows: 3, completed: true },
    }),
    record(context, "admin", ago(context, 3, 2), {
      action: "export",
      area: "hosting",
      itemId: null,
      itemLabel: "Hosting Costs",
      detail: { format: "csv", filters: {}, rows: 24, completed: true },
    }),
  ];
}
