// Who may be given something, and who is being taken out of reach. Every path that gives a person
// something (a license seat, hardware, an office-account assignment, a G Suite account, the item
// of an approved hardware request) reads the person's row FOR SHARE inside its own transaction,
// and refuses an inactive person; whatever deactivates a person (offboarding, an edit that clears
// isActive, a deletion) locks the row FOR UPDATE before reading what they hold. The two locks
// exclude each other, so a gift either commits before the deactivation reads the holdings (it is
// released with them, or an offboarding that did not decide on it is refused HOLDINGS_CHANGED),
// or waits and then finds the person inactive or gone. Issue 27: a seat assignment that only read
// the row landed on a person just offboarded.
//
// FOR SHARE, not FOR UPDATE: gifts to one person do not queue behind each other, and an
// offboarding that hands items to someone (locking them FOR SHARE as well) does not wait on a
// gift to that same person. Lock order: the person before the item given (a license, an account,
// a request), as offboarding locks the person leaving before what they hold; otherwise a gift
// holding the item and waiting for the person, and an offboarding holding the person and handing
// that item on, would wait on each other.
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { idIn } from "../db/id-list";
import { users } from "../db/schema";
import { type AppError, conflict } from "../http/errors";

const recipientColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
};

export type Recipient = Pick<
  typeof users.$inferSelect,
  "id" | "username" | "fullName" | "email" | "role" | "isActive"
>;

/**
 * These people's rows, locked FOR SHARE in id order (two bulk gifts to overlapping people take
 * their locks in the same order), by id; a missing id is absent from the map. Whether an inactive
 * person is refused is the caller's answer (a bulk assignment reports it per person).
 */
export async function lockRecipients(
  tx: Executor,
  ids: readonly number[],
): Promise<Map<number, Recipient>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select(recipientColumns)
    .from(users)
    .where(idIn(users.id, unique))
    .orderBy(users.id)
    .for("share");
  return new Map(rows.map((row): [number, Recipient] => [row.id, row]));
}

/** A 409 USER_INACTIVE, on `path` when the form has a field for the person. */
export function userInactive(message: string, path?: string) {
  return conflict("USER_INACTIVE", message, path ? [{ path, message }] : []);
}

/**
 * The person something is being given to, locked FOR SHARE: missing is the caller's error (a 404
 * or a 400 on its field), inactive is 409 USER_INACTIVE with the caller's words.
 */
export async function lockActiveRecipient(
  tx: Executor,
  userId: number,
  refusal: { inactive: string; path?: string; missing: () => AppError },
): Promise<Recipient> {
  const person = (await lockRecipients(tx, [userId])).get(userId);
  if (!person) throw refusal.missing();
  if (!person.isActive) throw userInactive(refusal.inactive, refusal.path);
  return person;
}

/**
 * The person's whole row, locked FOR UPDATE: taken before deactivating, deleting or offboarding
 * them, so no gift is half-way through meanwhile. Undefined when there is no such user.
 */
export async function lockPersonLeaving(tx: Executor, userId: number) {
  const [person] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for("update");
  return person;
}
