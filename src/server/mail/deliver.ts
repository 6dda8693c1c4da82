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
// Chat and webhook alerts (kind notification, issue 34) are rows of this same outbox, sent by the
// caller's `notify` instead of the mailer: one home for claiming, heartbeat, backoff and the bound
// (docs/decisions/0057-chat-and-webhook-alerts.md). Their sender may ask for a later retry (a
// Retry-After) or refuse for good (a 4xx) by throwing a DeliveryRefusal.
import { and, eq, inArray, sql } from "drizzle-orm";
import { MAX_SEND_ATTEMPTS, retryDelayMs } from "../../domain/reminders";
import type { Db, Executor } from "../db/client";
import { reminderDeliveries } from "../db/schema";
import type { Mailer } from "./mailer";

export type DeliveryRow = typeof reminderDeliveries.$inferSelect;

/** The rows that must not go, each with the reason (row id → reason). */
export type RecipientCheck = (db: Executor, rows: DeliveryRow[]) => Promise<Map<number, string>>;

/** Sends one notification row to its channel (notifications/send.ts). */
export type NotificationSend = (row: DeliveryRow) => Promise<void>;

/** Which rows a pass claims: the mail, the notifications, or both (what it has senders for). */
export type DeliveryScope = "mail" | "notification" | "all";

/** A send refused in a way that decides the retry: not before `retryAfterMs`, or never. */
export class DeliveryRefusal extends Error {
  constructor(
    message: string,
    readonly options: { retryAfterMs?: number; permanent?: boolean } = {},
  ) {
    super(message);
    this.name = "DeliveryRefusal";
  }
}

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
  /** The sender of notification rows; without it they are left to a pass that has one. */
  notify?: NotificationSend;
}

const inScope = (scope: DeliveryScope) =>
  scope === "all"
    ? sql`true`
    : scope === "mail"
      ? sql`${reminderDeliveries.kind} <> 'notification'`
      : sql`${reminderDeliveries.kind} = 'notification'`;

const claimable = (now: Date, clockNow: Date, scope: DeliveryScope) =>
  sql`((${reminderDeliveries.status} = 'pending' and ${reminderDeliveries.nextAttemptAt} <= ${now})
    or (${reminderDeliveries.status} = 'sending' and ${reminderDeliveries.claimedUntil} < ${clockNow}))
    and ${inScope(scope)}`;

/**
 * Puts a failed row of the scope back in the queue, its attempts counted afresh, in the caller's
 * transaction; the row (id and subject) when it was failed, else nothing changed.
 */
export async function requeueFailed(tx: Executor, id: number, scope: DeliveryScope) {
  const [row] = await tx
    .update(reminderDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
    .where(
      sql`${reminderDeliveries.id} = ${id} and ${reminderDeliveries.status} = 'failed' and ${inScope(scope)}`,
    )
    .returning({ id: reminderDeliveries.id, subject: reminderDeliveries.subject });
  return row;
}

/** Whether anything is waiting to be sent: the cheap question the frequent check asks. */
export async function deliveryWaiting(
  db: Db,
  now: Date,
  clockNow: Date,
  scope: DeliveryScope = "mail",
): Promise<boolean> {
  const rows = await db
    .select({ id: reminderDeliveries.id })
    .from(reminderDeliveries)
    .where(claimable(now, clockNow, scope))
    .limit(1);
  return rows.length > 0;
}

/** Claims up to a batch of due rows; all carry the same claim end, which is the claim's token. */
export async function claimDue(db: Db, now: Date, clockNow: Date, scope: DeliveryScope = "mail") {
  const ids = sql`select ${reminderDeliveries.id} from ${reminderDeliveries}
    where ${claimable(now, clockNow, scope)}
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

/** What a pass with these senders claims. */
export const scopeOf = (mailer: Mailer | null, notify: NotificationSend | undefined) =>
  mailer && notify ? "all" : notify ? "notification" : "mail";

export async function deliverDue(
  db: Db,
  mailer: Mailer | null,
  now: Date,
  options: DeliveryOptions = {},
): Promise<DeliveryOutcome> {
  const stillMine = options.stillMine ?? (async () => true);
  const check = options.check ?? noRecipientCheck;
  const clock = options.clock ?? (() => new Date());
  const scope = scopeOf(mailer, options.notify);
  const outcome: DeliveryOutcome = { sent: 0, failed: 0, cancelled: 0 };
  for (;;) {
    if (!(await stillMine())) return outcome;
    const rows = await claimDue(db, now, clock(), scope);
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
        if (row.kind === "notification") {
          // The scope claimed notification rows only when there is a sender for them.
          await options.notify!(row);
        } else {
          await mailer!.send({
            to: row.recipient,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
          });
        }
        await db
          .update(reminderDeliveries)
          .set({ status: "sent", sentAt: now, claimedUntil: null, lastError: null })
          .where(mine);
        outcome.sent += 1;
      } catch (error) {
        const refusal = error instanceof DeliveryRefusal ? error.options : {};
        const giveUp = refusal.permanent === true || row.attempts >= MAX_SEND_ATTEMPTS;
        // A receiver's Retry-After (already capped by its sender) when later than our backoff.
        const delay = Math.max(retryDelayMs(row.attempts), refusal.retryAfterMs ?? 0);
        await db
          .update(reminderDeliveries)
          .set({
            status: giveUp ? "failed" : "pending",
            claimedUntil: null,
            nextAttemptAt: new Date(now.getTime() + delay),
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
