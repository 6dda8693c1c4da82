// `npm run reminders -- --date YYYY-MM-DD`: the argument rules and the words of its report. One
// pass as of the day given (today without --date), the same pass the server's scheduler runs.
import { parseArgs } from "node:util";
import { type IsoDate, isIsoDate, todayIso } from "../../domain/dates";
import type { PassOutcome } from "../reminders/pass";
import { CliError } from "./cli-error";

export const REMINDERS_USAGE = "Usage: npm run reminders -- [--date YYYY-MM-DD]";

export function reminderPassDay(args: string[], today: () => IsoDate = todayIso): IsoDate {
  let values: { date?: string };
  try {
    ({ values } = parseArgs({ args, options: { date: { type: "string" } }, strict: true }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${REMINDERS_USAGE}`);
  }
  if (values.date === undefined) return today();
  if (!isIsoDate(values.date)) {
    throw new CliError(`--date must be a calendar date such as 2026-03-01.\n${REMINDERS_USAGE}`);
  }
  return values.date;
}

export function describePass(day: IsoDate, outcome: PassOutcome): string {
  if (outcome.busy) {
    return `Another server is running a reminder pass right now; nothing was done. Try again in a few minutes.`;
  }
  const planned = outcome.plannedDays
    ? outcome.plannedDays.from === outcome.plannedDays.to
      ? `Planned the reminders of ${day}: ${outcome.queued} mail(s) queued.`
      : `Planned the reminders of ${outcome.plannedDays.from} to ${outcome.plannedDays.to}: ${outcome.queued} mail(s) queued.`
    : `The reminders of ${day} were planned already: nothing new queued.`;
  const failed =
    outcome.failed > 0
      ? ` ${outcome.failed} refused by the mail server (retried later; see Settings, Reminder delivery).`
      : "";
  const cancelled =
    outcome.cancelled > 0
      ? ` ${outcome.cancelled} cancelled (the recipient was deactivated or lost access).`
      : "";
  return `${planned}\nSent ${outcome.sent} mail(s).${failed}${cancelled}`;
}
