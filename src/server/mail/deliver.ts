// The outbox's sender. Every mail is first a row of the send ledger (reminder_deliveries), written
// in the transaction that decides it (a reminder pass's plan, an assignment change); this sends
// the due rows. A row is claimed with one conditional update (skipping rows another instance
// holds), so two passes racing never both send it. A claim is short and its live sender renews it
// before each send (a heartbeat; a send is bounded well under a claim by mailer.ts), so a pass
// that died mid-send leaves its rows to the next check within a minute, while a live sender's rows
// are never taken from it. Claims run on the real clock (`clock`: how long the sender has been at
// it); `now` is the pass's instant for due dates. A refused send is retried with backoff
// (domain/reminders.ts) and, after the last attempt, stays failed and listed for administrators.
// A row whose recipient may no longer have it (the caller's RecipientCheck:
// reminders/recipient-check.ts) is cancelled instead of sent.
import { and, eq, inArray, sql } from "drizzle-orm";
import { MAX_SEND_ATTEMPTS, retryDelayMs } from "../../domain/reminders";
import type { Db, Executor } from "../db/client";
import { reminderDeliveries } from "../db/schema";
import type { Mailer } from "./mailer";

export type DeliveryRow = typeof reminderDeliveries.$inferSelect;

/** The rows that must not go, each with the reason (row id → reason). */
export type RecipientCheck = (db: Executor, rows: DeliveryRow[]) => Promise<Map<number, string>>;

/** Everything may go: for callers that have no obligations to check against. */
export const noRecipientCheck: RecipientCheck = async () => new Map();

/**
 * How long a claimed row is left to its sender before another pass may take it over: longer than
 * one bounded send (SEND_DEADLINE_MS), since the sender renews it before each send.
 */
export const CLAIM_MS = 45_000;
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

export interface DeliveryOptions {
  /** Called before each send (the pass renews its lease); false stops delivering. */
  stillMine?: () => Promise<boolean>;
  check?: RecipientCheck;
  /** The real clock claims run on; a test passes one to jump ahead. */
  clock?: () => Date;
}

const claimable = (now: Date, clockNow: Date) =>
  sql`(${reminderDeliveries.status} = 'pending' and ${reminderDeliveries.nextAttemptAt} <= ${now})
    or (${reminderDeliveries.status} = 'sending' and ${reminderDeliveries.claimedUntil} < ${clockNow})`;

/** Whether anything is waiting to be sent: the cheap question the frequent check asks. */
export async function deliveryWaiting(db: Db, now: Date, clockNow: Date): Promise<boolean> {
  const rows = await db
    .select({ id: reminderDeliveries.id })
    .from(reminderDeliveries)
    .where(claimable(now, clockNow))
    .limit(1);
  return rows.length > 0;
}

/** Claims up to a batch of due rows; all carry the same claim end, which is the claim's token. */
export async function claimDue(db: Db, now: Date, clockNow: Date) {
  const ids = sql`select ${reminderDeliveries.id} from ${reminderDeliveries}
    where ${claimable(now, clockNow)}
    order by ${reminderDeliveries.id} limit ${BATCH} for update skip locked`;
  return db
    .update(reminderDeliveries)
    .set({
      status: "sending",
      claimedUntil: new Date(clockNow.getTime() + CLAIM_MS),
      attempts: sql`${reminderDeliveries.attempts} + 1`,
    })
    .where(sql`${reminderDeliveries.id} in (${ids})`)
    .returning();
}

/**
 * The heartbeat: extends the claim on the rows of the batch not sent yet, if still this sender's
 * (the claim end it set is unchanged). Returns the new claim end and the ids still held.
 */
async function holdClaims(db: Db, ids: number[], token: Date, clockNow: Date) {
  const until = new Date(clockNow.getTime() + CLAIM_MS);
  const held = await db
    .update(reminderDeliveries)
    .set({ claimedUntil: until })
    .where(
      and(
        inArray(reminderDeliveries.id, ids),
        eq(reminderDeliveries.status, "sending"),
        eq(reminderDeliveries.claimedUntil, token),
      ),
    )
    .returning({ id: reminderDeliveries.id });
  return { until, held: new Set(held.map((r) => r.id)) };
}

export async function deliverDue(
  db: Db,
  mailer: Mailer,
  now: Date,
  options: DeliveryOptions = {},
): Promise<DeliveryOutcome> {
  const stillMine = options.stillMine ?? (async () => true);
  const check = options.check ?? noRecipientCheck;
  const clock = options.clock ?? (() => new Date());
  const outcome: DeliveryOutcome = { sent: 0, failed: 0, cancelled: 0 };
  for (;;) {
    if (!(await stillMine())) return outcome;
    const rows = await claimDue(db, now, clock());
    const first = rows[0];
    if (!first?.claimedUntil) return outcome;
    let token = first.claimedUntil;
    const cancelled = await check(db, rows);
    for (const [index, row] of rows.entries()) {
      const reason = cancelled.get(row.id);
      if (!reason) {
        if (!(await stillMine())) return outcome;
        const rest = rows.slice(index).map((r) => r.id);
        const renewed = await holdClaims(db, rest, token, clock());
        token = renewed.until;
        // Taken over: this sender's claim ran out (it stalled), so the row is another's now.
        if (!renewed.held.has(row.id)) continue;
      }
      const mine = and(
        eq(reminderDeliveries.id, row.id),
        eq(reminderDeliveries.status, "sending"),
        eq(reminderDeliveries.claimedUntil, token),
      );
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
