// Delivery: sends the ledger's due rows. A row is claimed with one conditional update (skipping
// rows another instance holds), so two passes racing never both send it; a claim runs out after
// CLAIM_MS, so a pass that died mid-send leaves its rows to the next one. A refused send is
// retried with backoff (domain/reminders.ts) and, after the last attempt, stays failed and listed
// for administrators. A row whose recipient may no longer have it (recipient-check.ts) is
// cancelled instead of sent.
import { and, eq, sql } from "drizzle-orm";
import { MAX_SEND_ATTEMPTS, retryDelayMs } from "../../domain/reminders";
import type { Db } from "../db/client";
import { reminderDeliveries } from "../db/schema";
import type { Mailer } from "./mailer";
import { noRecipientCheck, type RecipientCheck } from "./recipient-check";

/** How long a claimed row is left to its sender before another pass may take it over. */
export const CLAIM_MS = 10 * 60_000;
/** Rows claimed at once: small, so a second instance can share a long queue. */
const BATCH = 20;
/** Enough of an SMTP refusal to act on; server replies can be long. */
const MAX_ERROR_LENGTH = 500;

export interface DeliveryOutcome {
  sent: number;
  failed: number;
  /** Not sent: the recipient was deactivated or lost access since the row was written. */
  cancelled: number;
}

async function claim(db: Db, now: Date) {
  const claimable = sql`select ${reminderDeliveries.id} from ${reminderDeliveries}
    where (${reminderDeliveries.status} = 'pending' and ${reminderDeliveries.nextAttemptAt} <= ${now})
       or (${reminderDeliveries.status} = 'sending' and ${reminderDeliveries.claimedUntil} < ${now})
    order by ${reminderDeliveries.id} limit ${BATCH} for update skip locked`;
  return db
    .update(reminderDeliveries)
    .set({
      status: "sending",
      claimedUntil: new Date(now.getTime() + CLAIM_MS),
      attempts: sql`${reminderDeliveries.attempts} + 1`,
    })
    .where(sql`${reminderDeliveries.id} in (${claimable})`)
    .returning();
}

export async function deliverDue(
  db: Db,
  mailer: Mailer,
  now: Date,
  /** Called before each batch (the pass renews its lease); false stops delivering. */
  stillMine: () => Promise<boolean> = async () => true,
  check: RecipientCheck = noRecipientCheck,
): Promise<DeliveryOutcome> {
  const outcome: DeliveryOutcome = { sent: 0, failed: 0, cancelled: 0 };
  for (;;) {
    if (!(await stillMine())) return outcome;
    const rows = await claim(db, now);
    if (rows.length === 0) return outcome;
    const cancelled = await check(db, rows);
    for (const row of rows) {
      const mine = and(eq(reminderDeliveries.id, row.id), eq(reminderDeliveries.status, "sending"));
      const reason = cancelled.get(row.id);
      if (reason) {
        // Not an attempt: the claim's count is given back.
        await db
          .update(reminderDeliveries)
          .set({
            status: "cancelled",
            claimedUntil: null,
            attempts: row.attempts - 1,
            lastError: reason,
          })
          .where(mine);
        outcome.cancelled += 1;
        continue;
      }
      try {
        await mailer.send({
          to: row.recipient,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
        });
        await db
          .update(reminderDeliveries)
          .set({ status: "sent", sentAt: now, claimedUntil: null, lastError: null })
          .where(mine);
        outcome.sent += 1;
      } catch (error) {
        const giveUp = row.attempts >= MAX_SEND_ATTEMPTS;
        await db
          .update(reminderDeliveries)
          .set({
            status: giveUp ? "failed" : "pending",
            claimedUntil: null,
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
            lastError: errorText(error),
          })
          .where(mine);
        outcome.failed += 1;
      }
    }
  }
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}
