// Who may see an office account: administrators all of them, anyone else only an account with an
// active assignment to their user id (never matched by name, device text or a list of usernames,
// which the spec itself calls questionable).
import { and, eq, exists, type SQL } from "drizzle-orm";
import type { ActiveSession } from "../auth/sessions";
import type { Executor } from "../db/client";
import { accountAssignments, accounts } from "../db/schema";

/** SQL: the account in the current row has an active assignment to this user. */
export const assignedToUser = (db: Executor, userId: number): SQL =>
  exists(
    db
      .select({ id: accountAssignments.id })
      .from(accountAssignments)
      .where(
        and(
          eq(accountAssignments.accountId, accounts.id),
          eq(accountAssignments.userId, userId),
          eq(accountAssignments.isActive, true),
        ),
      ),
  );

/** The visibility condition of the accounts list for this viewer (none for administrators). */
export const accountVisibility = (db: Executor, session: ActiveSession): SQL | undefined =>
  session.user.role === "admin" ? undefined : assignedToUser(db, session.user.id);
