// Assignment-change mails (the 'assignment changes' switch in Settings): a person given or no
// longer given a license seat, a hardware item, an office account or a G Suite account hears of
// it. The mail is a row of the send ledger written in the transaction that makes the change (an
// outbox), so it exists only if the change commits, and the outbox's sender (deliver.ts, run by
// the reminder pass) sends it like any other row: claimed once, retried with backoff, shown to
// administrators when refused.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { todayIso } from "../../domain/dates";
import { type ObligationKind, obligationPath } from "../../domain/obligations";
import { HOLDING_KIND_LABELS } from "../../domain/offboarding";
import type { MailConfig } from "../config";
import type { Executor } from "../db/client";
import { reminderDeliveries, userPreferences, users } from "../db/schema";
import { assignmentMail } from "./assignment-message";

export type AssignedKind = "license_seat" | "hardware" | "office_account" | "gsuite_account";

/**
 * Where assignment mails link to, from the server's mail settings; null when mail is off, and
 * then nothing is written (a row no server would ever send is no use, and its links would need
 * PUBLIC_URL).
 */
export type AssignmentMail = Pick<MailConfig, "linkBase"> | null;

export interface AssignmentNotice {
  userId: number;
  change: "assigned" | "unassigned";
  kind: AssignedKind;
  /** The item's name as its list shows it (the license's name, the account's address...). */
  name: string;
}

/** The list each kind of item is found in: the one its obligations link to. */
const LIST_OF: Record<AssignedKind, ObligationKind> = {
  license_seat: "license_expiry",
  hardware: "hardware_warranty",
  office_account: "office_account_renewal",
  gsuite_account: "gsuite_renewal",
};

/**
 * Queues the mail telling the person of the change, in `tx` (the change's own transaction), if
 * mail is on and they are active, have an address and keep 'assignment changes' on (the default).
 */
export async function queueAssignmentMail(
  tx: Executor,
  mail: AssignmentMail,
  notice: AssignmentNotice,
): Promise<void> {
  if (!mail) return;
  const [person] = await tx
    .select({
      email: users.email,
      isActive: users.isActive,
      wanted: userPreferences.assignmentChangeAlerts,
    })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(users.id, notice.userId))
    .limit(1);
  // No preferences row means the defaults, which have the switch on.
  if (!person?.isActive || !person.email || person.wanted === false) return;
  const day = todayIso();
  const content = assignmentMail(
    {
      change: notice.change,
      kindLabel: HOLDING_KIND_LABELS[notice.kind],
      name: notice.name,
      path: obligationPath(LIST_OF[notice.kind], notice.name),
      day,
    },
    mail.linkBase,
  );
  await tx.insert(reminderDeliveries).values({
    // Every change is its own mail: nothing is planned twice here, the key only has to be unique.
    key: `assignment:${notice.kind}:${randomUUID()}`,
    kind: "assignment",
    userId: notice.userId,
    recipient: person.email,
    subject: content.subject,
    textBody: content.text,
    htmlBody: content.html,
    day,
    plannedForAdmin: false,
    status: "pending",
    nextAttemptAt: new Date(),
  });
}

/**
 * The mails of a change of holder: the person who no longer has the item and the one who now
 * has it (either may be null; nothing when they are the same).
 */
export async function queueHolderChange(
  tx: Executor,
  mail: AssignmentMail,
  item: { kind: AssignedKind; name: string },
  holders: { from: number | null; to: number | null },
): Promise<void> {
  if (!mail || holders.from === holders.to) return;
  if (holders.from !== null) {
    await queueAssignmentMail(tx, mail, { ...item, userId: holders.from, change: "unassigned" });
  }
  if (holders.to !== null) {
    await queueAssignmentMail(tx, mail, { ...item, userId: holders.to, change: "assigned" });
  }
}
