// The words of the reminder mails: one reminder, or a digest of a day's reminders, written on the
// mail layout (mail/layout.ts). Each names the item, its date and amount, and links to it.
// Nothing secret is ever in an obligation, so nothing secret can reach a mail.
import { daysBetween, type IsoDate } from "../../domain/dates";
import { escapeHtml, htmlPage, linkOf, type MailContent, textFooter } from "../mail/layout";

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

const whenText = (today: IsoDate, date: IsoDate) => {
  const days = daysBetween(today, date);
  return days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`;
};

const amountText = (item: ReminderItem) =>
  item.amount === null ? null : `${item.currency ? `${item.currency} ` : ""}${item.amount}`;

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

export function reminderMail(item: ReminderItem, today: IsoDate, linkBase: string): MailContent {
  return {
    subject: `Reminder: ${item.title}, ${whenText(today, item.date)} (${item.date})`,
    text: [...itemLines(item, today, linkBase), "", ...textFooter(linkBase)].join("\n"),
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
      ...textFooter(linkBase),
    ].join("\n"),
    html: htmlPage(
      `<p>${escapeHtml(count)} for ${escapeHtml(today)}:</p>${sorted.map((item) => itemHtml(item, today, linkBase)).join("")}`,
      linkBase,
    ),
  };
}
