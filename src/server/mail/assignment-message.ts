// The words of an assignment-change mail: the item, what changed and when, and a link to it.
import type { IsoDate } from "../../domain/dates";
import { escapeHtml, htmlPage, linkOf, type MailContent, textFooter } from "./layout";

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
    text: [item, sentence, `Open: ${link}`, "", ...textFooter(linkBase)].join("\n"),
    html: htmlPage(
      `<p><strong>${escapeHtml(item)}</strong><br>${escapeHtml(sentence)}<br><a href="${escapeHtml(link)}">Open in Quartermaster</a></p>`,
      linkBase,
    ),
  };
}
