// An obligations list as an iCalendar document (RFC 5545), written by ical-generator: one all-day
// event (DTSTART;VALUE=DATE, DTEND the next day) per obligation, its UID the obligation's stable
// key, so a calendar client updates an event instead of adding a copy on each refresh. Events
// carry the title (the item's name), the amount and a link: never a key, password or note.
import ical, { ICalCalendarMethod } from "ical-generator";
import { addDays } from "../../domain/dates";
import type { Obligation } from "../../domain/obligations";

/** How often a client should read the feed again (REFRESH-INTERVAL / X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

export function obligationsCalendar(
  obligations: readonly Obligation[],
  options: { baseUrl: string; host: string; stamp: Date },
): string {
  const calendar = ical({
    name: "Quartermaster",
    description: "Renewals, payments and expiries from Quartermaster",
    prodId: { company: "Quartermaster", product: "Obligations", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  for (const obligation of obligations) {
    const url = new URL(obligation.path, options.baseUrl).toString();
    const amount =
      obligation.amount === null
        ? null
        : `Amount: ${obligation.amount} ${obligation.currency ?? ""}`;
    calendar.createEvent({
      id: `${obligation.key}@${options.host}`,
      start: utcDay(obligation.date),
      end: utcDay(addDays(obligation.date, 1)),
      allDay: true,
      stamp: options.stamp,
      summary: obligation.title,
      description: [amount?.trim(), url].filter(Boolean).join("\n"),
      url,
    });
  }
  return calendar.toString();
}
