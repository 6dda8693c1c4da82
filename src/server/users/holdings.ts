// What a user holds, and letting it go when they leave: deleting or deactivating a user returns
// their hardware (available again: nobody holds it; its status is left as it was, spec part 2,
// section 4) and ends their office-account assignments, in the caller's transaction. License
// seats: a deleted user's are freed by deleteUser; a deactivated user keeps theirs, as before.
import { and, count, eq } from "drizzle-orm";
import type { UserHoldingsResponse } from "../../domain/schemas/users";
import type { Executor } from "../db/client";
import { accountAssignments, hardware, licenseAssignments, users } from "../db/schema";

/** How many items, active account assignments and active license seats the user holds. */
export async function countHoldings(db: Executor, userId: number): Promise<UserHoldingsResponse> {
  const [[items], [accounts], [seats]] = await Promise.all([
    db.select({ n: count() }).from(hardware).where(eq(hardware.assignedToUserId, userId)),
    db
      .select({ n: count() })
      .from(accountAssignments)
      .where(and(eq(accountAssignments.userId, userId), eq(accountAssignments.isActive, true))),
    db
      .select({ n: count() })
      .from(licenseAssignments)
      .where(and(eq(licenseAssignments.userId, userId), eq(licenseAssignments.isActive, true))),
  ]);
  return {
    hardware: Number(items?.n ?? 0),
    officeAccounts: Number(accounts?.n ?? 0),
    licenses: Number(seats?.n ?? 0),
  };
}

/**
 * Returns the user's hardware and ends their office-account assignments (in `tx`). The user's row
 * is locked first: an account assignment being made at the same moment (which locks the same row
 * to check the user is active) either commits before and is released here, or waits and then
 * finds the user inactive or gone.
 */
export async function releaseHardwareAndAccounts(tx: Executor, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const items = await tx
    .update(hardware)
    .set({ assignedToUserId: null })
    .where(eq(hardware.assignedToUserId, userId))
    .returning({ id: hardware.id });
  const accounts = await tx
    .update(accountAssignments)
    .set({ isActive: false })
    .where(and(eq(accountAssignments.userId, userId), eq(accountAssignments.isActive, true)))
    .returning({ id: accountAssignments.id });
  return { hardware: items.length, officeAccounts: accounts.length };
}
