// An alert mailed to every active administrator with an address (a license's seats running low):
// a row of the send ledger per administrator, written in the transaction of the alert, under a key
// derived from the alert's, so an alert is mailed once whoever writes it again. The outbox sends
// it (deliver.ts); recipient-check.ts cancels it for someone no longer an administrator.
import { and, eq } from "drizzle-orm";
import { todayIso } from "../../domain/dates";
import type { Executor } from "../db/client";
import { reminderDeliveries, users } from "../db/schema";
import type { AssignmentMail } from "./assignment-mail";
import { escapeHtml, htmlPage, linkOf, type MailContent, textFooter } from "./layout";

export interface AdminAlert {
  /** The alert's own key (the notification event's): each administrator's row adds the user. */
  key: string;
  title: string;
  text: string;
  /** The client path of the item. */
  path: string;
}

export function adminAlertMail(alert: AdminAlert, linkBase: string): MailContent {
  const link = linkOf(linkBase, alert.path);
  return {
    subject: alert.title,
    text: [alert.title, alert.text, `Open: ${link}`, "", ...textFooter(linkBase)].join("\n"),
    html: htmlPage(
      `<p><strong>${escapeHtml(alert.title)}</strong><br>${escapeHtml(alert.text)}<br><a href="${escapeHtml(link)}">Open in Quartermaster</a></p>`,
      linkBase,
    ),
  };
}

/** Queues the alert for each active administrator; nothing when mail is off. */
export async function queueAdminAlertMail(
  tx: Executor,
  mail: AssignmentMail,
  alert: AdminAlert,
  now: Date,
): Promise<void> {
  if (!mail) return;
  const admins = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)));
  const content = adminAlertMail(alert, mail.linkBase);
  const rows = admins.flatMap((admin) =>
    admin.email
      ? [
          {
            key: `${alert.key}:user:${admin.id}`,
            kind: "alert" as const,
            userId: admin.id,
            recipient: admin.email,
            subject: content.subject,
            textBody: content.text,
            htmlBody: content.html,
            day: todayIso(undefined, now),
            plannedForAdmin: true,
            status: "pending" as const,
            nextAttemptAt: now,
          },
        ]
      : [],
  );
  if (rows.length === 0) return;
  await tx.insert(reminderDeliveries).values(rows).onConflictDoNothing({
    target: reminderDeliveries.key,
  });
}
