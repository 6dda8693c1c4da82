// What the activity log keeps of an office account change: the row's fields, and the password
// only as set or changed (its sealed copy differs whenever it was sent again), never its value.
import { changesBetween } from "../../domain/activity";
import type { accountAssignments, accounts } from "../db/schema";

type AccountRow = typeof accounts.$inferSelect;

function logged(row: AccountRow | null) {
  if (!row) return null;
  const { passwordCiphertext, ...fields } = row;
  return { ...fields, password: passwordCiphertext };
}

export const accountChanges = (before: AccountRow | null, after: AccountRow | null) =>
  changesBetween(logged(before), logged(after), { secretFields: ["password"] });

/** An assignment as its account's history shows it (recorded on the account, like license seats). */
export const accountAssignmentDetail = (row: typeof accountAssignments.$inferSelect) => ({
  assignmentId: row.id,
  userId: row.userId,
  assignedTo: row.assignedTo,
  deviceName: row.deviceName,
});
