// What the activity log keeps of a G Suite change (decision 0021): an account's fields with the
// password only as set or changed, never its value (its sealed copy differs whenever it is sent
// again); plans and organizations hold no secret and are recorded field by field.
import { type ActivityAction, changesBetween } from "../../domain/activity";
import type { gsuiteAccounts } from "../db/schema";

type AccountRow = typeof gsuiteAccounts.$inferSelect;

function logged(row: AccountRow | null) {
  if (!row) return null;
  const { passwordCiphertext, ...fields } = row;
  return { ...fields, password: passwordCiphertext };
}

export const gsuiteAccountChanges = (before: AccountRow | null, after: AccountRow | null) =>
  changesBetween(logged(before), logged(after), { secretFields: ["password"] });

/**
 * An edit that gives the account to someone is an `assign`, one that takes it back an
 * `unassign` (as for hardware), so the account's history reads as who held it; any other an
 * `update`.
 */
export function accountEditAction(before: AccountRow, after: AccountRow): ActivityAction {
  if (before.assignedToUserId === after.assignedToUserId) return "update";
  return after.assignedToUserId === null ? "unassign" : "assign";
}
