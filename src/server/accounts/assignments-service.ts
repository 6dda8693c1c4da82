// Office account assignments: who (a user, by id) uses which account on which device. Created
// active; ending one keeps it as history. An ordinary user lists only their own.
import { and, eq } from "drizzle-orm";
import {
  type AccountAssignmentListQuery,
  type AccountAssignmentResponse,
  accountAssignmentCursors,
  type CreateAccountAssignmentRequest,
} from "../../domain/schemas/accounts";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { ActiveSession } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import { accountAssignments, accounts } from "../db/schema";
import { notFound } from "../http/errors";
import { selectKeysetPage } from "../lib/keyset";
import { type AssignmentMail, queueHolderChange } from "../mail/assignment-mail";
import { lockActiveRecipient } from "../users/recipient-lock";
import { accountAssignmentDetail } from "./account-activity";
import { toAccountAssignmentResponse } from "./account-response";
import { accountAssignmentSorts } from "./list-order";
import { findAccount } from "./service";

const accountColumns = {
  email: accounts.email,
  provider: accounts.provider,
  status: accounts.status,
};

/**
 * Assignments, newest first by default: every one for an administrator (optionally of one
 * account or one user, only active or only ended), else only the caller's own.
 */
export async function listAccountAssignments(
  db: Db,
  session: ActiveSession,
  query: AccountAssignmentListQuery,
) {
  const ownerId = session.user.role === "admin" ? query.userId : session.user.id;
  const where = and(
    ownerId === undefined ? undefined : eq(accountAssignments.userId, ownerId),
    query.accountId === undefined ? undefined : eq(accountAssignments.accountId, query.accountId),
    query.active === undefined ? undefined : eq(accountAssignments.isActive, query.active),
  );
  // A page by keyset (lib/keyset.ts), read from the sort's index at the cursor and joined to
  // its accounts row by row: the join never sees the rows before the page.
  const page = await selectKeysetPage(db, {
    cursors: accountAssignmentCursors,
    sortName: query.sort,
    sort: accountAssignmentSorts[query.sort],
    order: query.order,
    query,
    from: accountAssignments,
    where,
    bounds: query,
    select: (total, cursor, window) =>
      db
        .select({ assignment: accountAssignments, account: accountColumns, cursor, total })
        .from(accountAssignments)
        .innerJoin(accounts, eq(accounts.id, accountAssignments.accountId))
        .where(window.where)
        .orderBy(...window.orderBy)
        .$dynamic(),
    idOf: (row) => row.assignment.id,
    statement: { list: "account_assignments", shape: undefined, values: {} },
  });
  return {
    assignments: page.rows.map((row) => toAccountAssignmentResponse(row.assignment, row.account)),
    total: page.total,
    cursors: page.cursors,
  };
}

/** The Assign route's refusal of an inactive person, as an import of assignments repeats it. */
export const ACCOUNT_HOLDER_INACTIVE = "Accounts cannot be assigned to an inactive user";

/**
 * `db` may be an open transaction (offboarding hands accounts over inside its own), and the
 * device may be unknown there (an old assignment without one keeps none).
 */
/**
 * Assigns an account, recorded on the account as `assign` by `actor`. Offboarding passes none: it
 * records the hand-over itself, with the offboarding's details.
 */
export async function createAccountAssignment(
  db: Executor,
  input: Omit<CreateAccountAssignmentRequest, "deviceName"> & { deviceName: string | null },
  actor?: ActivityActor,
  mail: AssignmentMail = null,
): Promise<AccountAssignmentResponse> {
  return db.transaction(async (tx) => {
    // The person first, then the account (users/recipient-lock.ts): an offboarding handing this
    // account on locks the person leaving, then the account, in that order too.
    const user = await lockActiveRecipient(tx, input.userId, {
      inactive: ACCOUNT_HOLDER_INACTIVE,
      path: "userId",
      missing: () => notFound("User"),
    });
    // The account's row lock orders this against a concurrent delete of the account.
    const account = await findAccount(tx, input.accountId, { lock: true });
    const [row] = await tx
      .insert(accountAssignments)
      .values({
        accountId: account.id,
        userId: user.id,
        assignedTo: input.assignedTo,
        deviceName: input.deviceName,
        assignedDate: input.assignedDate,
        isActive: input.isActive,
        notes: input.notes ?? null,
      })
      .returning();
    if (actor) {
      await recordActivity(tx, actor, {
        action: "assign",
        area: "office_accounts",
        itemId: account.id,
        itemLabel: account.email,
        detail: accountAssignmentDetail(row!),
      });
    }
    if (row!.isActive) {
      await queueHolderChange(
        tx,
        mail,
        { kind: "office_account", name: account.email },
        { from: null, to: user.id },
      );
    }
    return toAccountAssignmentResponse(row!, account);
  });
}

/** Ends an assignment. Ending an ended one changes nothing. */
export async function deactivateAccountAssignment(
  db: Db,
  id: number,
  actor: ActivityActor,
  mail: AssignmentMail = null,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ assignment: accountAssignments, account: accountColumns })
      .from(accountAssignments)
      .innerJoin(accounts, eq(accounts.id, accountAssignments.accountId))
      .where(eq(accountAssignments.id, id))
      .limit(1)
      .for("update", { of: accountAssignments });
    if (!current) throw notFound("Assignment");
    if (!current.assignment.isActive) {
      return toAccountAssignmentResponse(current.assignment, current.account);
    }
    const [row] = await tx
      .update(accountAssignments)
      .set({ isActive: false })
      .where(eq(accountAssignments.id, id))
      .returning();
    await recordActivity(tx, actor, {
      action: "unassign",
      area: "office_accounts",
      itemId: row!.accountId,
      itemLabel: current.account.email,
      detail: accountAssignmentDetail(row!),
    });
    await queueHolderChange(
      tx,
      mail,
      { kind: "office_account", name: current.account.email },
      { from: row!.userId, to: null },
    );
    return toAccountAssignmentResponse(row!, current.account);
  });
}
