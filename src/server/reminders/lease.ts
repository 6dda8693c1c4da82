// The reminder pass's single-run lease (db/lease.ts): when several instances share a database only
// one runs a pass or a delivery at a time; the others skip their turn. That no mail goes twice
// rests on the ledger's unique keys and row claims, which hold even without it.
import type { Lease } from "../db/lease";

/**
 * 45 s: short, so a dead holder's lease lapses within a minute; a live pass renews it before each
 * send (each bounded by mailer.ts SEND_DEADLINE_MS) and between planning and delivery.
 */
export const REMINDER_PASS_LEASE: Lease = { name: "reminder-pass", holdMs: 45_000 };
