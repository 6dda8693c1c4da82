// An obligations list as an iCalendar document (RFC 5545): one all-day event (DTSTART;VALUE=DATE,
// DTEND the next day) per obligation, its UID the obligation's stable key at this installation's
// id, so a calendar client updates an event instead of adding a copy on each refresh. Not at the
// host: a changed PUBLIC_URL would turn every event into a new one beside the old. Events carry the title (the item's
// name), the amount and a link: never a key, password or note. A day's obligations of one kind
// told as one event (feed-entries.ts) carry the items' names instead of an amount (the first few and
// "…and 40 more:" where the link shows exactly that day's), and a link to the kind's list.
//
// Written by ical.js from jCal (RFC 7265), which escapes and folds each line. ical-generator
// (which wrote it before) folds the whole document a character at a time with a new TextEncoder
// each: 70 s for the 31,500 events of 20,000 licenses. Its fix (v11) needs Node 22.
import { setImmediate as nextTurn } from "node:timers/promises";
import ICAL from "ical.js";
import { addDays } from "../../domain/dates";
import type { FeedEntry } from "./feed-entries";

/** How often a client should read the feed again (REFRESH-INTERVAL / X-PUBLISHED-TTL). */
const REFRESH = "PT1H";
/** Events written between two turns of the event loop, so other requests are not held up. */
const EVENTS_PER_TURN = 1000;
const CRLF = "\r\n";

// RFC 5545 3.1: lines of at most 75 octets. ical.js folds at foldLength octets and starts the
// next line with a space, so 74 keeps continuation lines within 75 too.
ICAL.foldLength = 74;

type JCalProperty = [name: string, parameters: Record<string, string>, type: string, value: string];

const CALENDAR_PROPERTIES: JCalProperty[] = [
  ["version", {}, "text", "2.0"],
  ["prodid", {}, "text", "-//Quartermaster//Obligations//EN"],
  ["method", {}, "text", "PUBLISH"],
  ["name", {}, "unknown", "Quartermaster"],
  ["x-wr-calname", {}, "unknown", "Quartermaster"],
  ["x-wr-caldesc", {}, "unknown", "Renewals, payments and expiries from Quartermaster"],
  ["refresh-interval", {}, "duration", REFRESH],
  ["x-published-ttl", {}, "unknown", REFRESH],
];

interface CalendarOptions {
  baseUrl: string;
  /** Makes the UIDs unique to this installation (db/installation-id.ts). */
  installationId: string;
  stamp: Date;
}

function eventOf(obligation: FeedEntry, options: CalendarOptions, stamp: string) {
  const url = new URL(obligation.path, options.baseUrl).toString();
  const amount =
    obligation.amount === null ? null : `Amount: ${obligation.amount} ${obligation.currency ?? ""}`;
  const { names, count = 0 } = obligation;
  // A group naming only its first few ends "…and 40 more:" before the link to that day's list.
  const more = names && count > names.length ? `…and ${count - names.length} more:` : null;
  const told = names ? [...names, ...(more ? [more] : [])].join("\n") : amount?.trim();
  const properties: JCalProperty[] = [
    ["uid", {}, "text", `${obligation.key}@${options.installationId}`],
    ["sequence", {}, "integer", "0"],
    ["dtstamp", {}, "date-time", stamp],
    ["dtstart", {}, "date", obligation.date],
    ["dtend", {}, "date", addDays(obligation.date, 1)],
    // Outlook's own marks of an all-day event.
    ["x-microsoft-cdo-alldayevent", {}, "unknown", "TRUE"],
    ["x-microsoft-msncalendar-alldayevent", {}, "unknown", "TRUE"],
    ["summary", {}, "text", obligation.title],
    ["description", {}, "text", [told, url].filter(Boolean).join("\n")],
    ["url", {}, "uri", url],
  ];
  return ICAL.stringify.component(["vevent", properties, []], ICAL.design.icalendar);
}

/** The document in pieces, a thousand events at a time, yielding to the event loop in between. */
export async function* obligationsCalendarChunks(
  obligations: readonly FeedEntry[],
  options: CalendarOptions,
): AsyncGenerator<string> {
  const stamp = ICAL.Time.fromJSDate(options.stamp, true).toString();
  yield `BEGIN:VCALENDAR${CRLF}${CALENDAR_PROPERTIES.map(
    (property) => ICAL.stringify.property(property, ICAL.design.icalendar, false) + CRLF,
  ).join("")}`;
  for (let start = 0; start < obligations.length; start += EVENTS_PER_TURN) {
    if (start > 0) await nextTurn();
    yield obligations
      .slice(start, start + EVENTS_PER_TURN)
      .map((obligation) => eventOf(obligation, options, stamp) + CRLF)
      .join("");
  }
  yield `END:VCALENDAR${CRLF}`;
}

export async function obligationsCalendar(
  obligations: readonly FeedEntry[],
  options: CalendarOptions,
): Promise<string> {
  const chunks: string[] = [];
  for await (const chunk of obligationsCalendarChunks(obligations, options)) chunks.push(chunk);
  return chunks.join("");
}
