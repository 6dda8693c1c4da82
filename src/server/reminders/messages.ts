// The words of every mail: a reminder, a digest of a day's reminders, an assignment change. Each
// is plain text plus HTML, names the item, its date and amount, and links to it. Nothing secret
// is ever in an obligation, so nothing secret can reach a mail.
import { daysBetween, type IsoDate } from "../../domain/dates";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What a mail says about one obligation. */
export interface ReminderItem {
  kind: string;
  /** Names the kind and the item, e.g. "License expires: Figma". */
  title: string;
  date: IsoDate;
  /** An exact decimal string, shown as it is (never through a float). */
  amount: string | null;
  currency: string | null;
  /** The client path of the item, e.g. "/licenses?search=Figma". */
  path: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const whenText = (today: IsoDate, date: IsoDate) => {
  const days = daysBetween(today, date);
  return days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`;
};

const amountText = (item: ReminderItem) =>
  item.amount === null ? null : `${item.currency ? `${item.currency} ` : ""}${item.amount}`;

const linkOf = (linkBase: string, path: string) => `${linkBase}${path}`;

function itemLines(item: ReminderItem, today: IsoDate, linkBase: string): string[] {
  const amount = amountText(item);
  return [
    item.title,
    `Date: ${item.date} (${whenText(today, item.date)})`,
    ...(amount ? [`Amount: ${amount}`] : []),
    `Open: ${linkOf(linkBase, item.path)}`,
  ];
}

function itemHtml(item: ReminderItem, today: IsoDate, linkBase: string): string {
  const amount = amountText(item);
  return [
    `<p><strong>${escapeHtml(item.title)}</strong><br>`,
    `Date: ${escapeHtml(item.date)} (${whenText(today, item.date)})<br>`,
    amount ? `Amount: ${escapeHtml(amount)}<br>` : "",
    `<a href="${escapeHtml(linkOf(linkBase, item.path))}">Open in Quartermaster</a></p>`,
  ].join("");
}

const FOOTER =
  "You receive this because of your notification preferences in Quartermaster Settings.";

const htmlPage = (body: string, linkBase: string) =>
  `<!doctype html><html><body>${body}<p style="color:#666;font-size:12px">${escapeHtml(FOOTER)} <a href="${escapeHtml(`${linkBase}/settings`)}">Change them</a>.</p></body></html>`;

export function reminderMail(item: ReminderItem, today: IsoDate, linkBase: string): MailContent {
  return {
    subject: `Reminder: ${item.title}, ${whenText(today, item.date)} (${item.date})`,
    text: [...itemLines(item, today, linkBase), "", FOOTER, `${linkBase}/settings`, ""].join("\n"),
    html: htmlPage(itemHtml(item, today, linkBase), linkBase),
  };
}

export function digestMail(items: ReminderItem[], today: IsoDate, linkBase: string): MailContent {
  const sorted = [...items].sort((a, b) => a.date.localeCompare(b.date));
  const count = `${sorted.length} reminder${sorted.length === 1 ? "" : "s"}`;
  return {
    subject: `Quartermaster digest for ${today}: ${count}`,
    text: [
      `${count} for ${today}:`,
      "",
      ...sorted.flatMap((item) => [...itemLines(item, today, linkBase), ""]),
      FOOTER,
      `${linkBase}/settings`,
      "",
    ].join("\n"),
    html: htmlPage(
      `<p>${escapeHtml(count)} for ${escapeHtml(today)}:</p>${sorted.map((item) => itemHtml(item, today, linkBase)).join("")}`,
      linkBase,
    ),
  };
}

export interface AssignmentChange {
  change: "assigned" | "unassigned";
  /** Names the kind of item, e.g. "License seat" (HOLDING_KIND_LABELS). */
  kindLabel: string;
  /** The item's name, e.g. the license's or the laptop's. */
  name: string;
  /** The client path of the item, e.g. "/hardware?search=Laptop%2012". */
  path: string;
  day: IsoDate;
}

export function assignmentMail(event: AssignmentChange, linkBase: string): MailContent {
  const link = linkOf(linkBase, event.path);
  const item = `${event.kindLabel}: ${event.name}`;
  const sentence =
    event.change === "assigned"
      ? `This was assigned to you on ${event.day}.`
      : `This is no longer assigned to you, since ${event.day}.`;
  return {
    subject:
      event.change === "assigned"
        ? `Assigned to you: ${item}`
        : `No longer assigned to you: ${item}`,
    text: [item, sentence, `Open: ${link}`, "", FOOTER, `${linkBase}/settings`, ""].join("\n"),
    html: htmlPage(
      `<p><strong>${escapeHtml(item)}</strong><br>${escapeHtml(sentence)}<br><a href="${escapeHtml(link)}">Open in Quartermaster</a></p>`,
      linkBase,
    ),
  };
}
