// Offboarding in one step (issue 16): every item the person holds is released, handed to someone
// else or left with them, as the administrator decided item by item; then the person is
// deactivated and their sessions end. One transaction: a refusal anywhere (a seat the new holder
// already has, a license with no seat left, an inactive new holder, a database failure) leaves
// everything as it was. What was done is stored (the offboardings table) for the checklist.
import { desc, eq } from "drizzle-orm";
import type { ActivityAction, ActivityArea } from "../../domain/activity";
import { todayIso } from "../../domain/dates";
import {
  type HoldingItem,
  holdingKey,
  type OffboardDecision,
  type OffboardingResponse,
  type OffboardOutcome,
  type OffboardRequest,
} from "../../domain/schemas/offboarding";
import { createAccountAssignment } from "../accounts/assignments-service";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { ActiveSession } from "../auth/sessions";
import { deleteUserSessions } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import {
  accountAssignments,
  apiTokens,
  calendarFeeds,
  gsuiteAccounts,
  hardware,
  hardwareRequests,
  licenseAssignments,
  offboardings,
  scimHeldOffboardings,
  trustReviews,
  users,
} from "../db/schema";
import { AppError, badRequest, conflict, notFound } from "../http/errors";
import { assignSeat } from "../licenses/assignments-service";
import { type AssignmentMail, queueHolderChange } from "../mail/assignment-mail";
import { emitNotification } from "../notifications/emit";
import { listHoldings } from "../users/holdings";
import { lockPersonLeaving, lockRecipients, userInactive } from "../users/recipient-lock";
import { assertAnotherActiveAdmin } from "../users/service";
import { displayNameOf } from "../users/user-response";

/** Why a pending hardware request of someone who left was closed (shown on the request). */
export const REQUEST_CLOSED_REASON = "Closed when the requester was offboarded";

export const checklistUrlOf = (userId: number) => `/api/users/${userId}/offboard/checklist.pdf`;

const nameWithUsername = (user: { fullName: string | null; username: string }) => {
  const name = displayNameOf(user);
  return name === user.username ? name : `${name} (${user.username})`;
};

interface Person {
  id: number;
  username: string;
  fullName: string | null;
}

type OffboardingRow = typeof offboardings.$inferSelect;

function toOffboardingResponse(row: OffboardingRow): OffboardingResponse {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    performedByName: row.performedByName,
    performedAt: row.createdAt.toISOString(),
    outcomes: row.outcomes,
    checklistUrl: checklistUrlOf(row.userId ?? 0),
  };
}

/**
 * The decisions must name exactly what the person holds now: an item given to them, or taken
 * from them, since the dialog was opened is a 409, so nobody offboards without seeing it.
 */
function matchDecisions(held: HoldingItem[], decisions: OffboardDecision[]) {
  const byKey = new Map(held.map((item) => [holdingKey(item), item]));
  const decided = decisions.filter((decision) => byKey.has(holdingKey(decision)));
  if (decided.length !== decisions.length || decided.length !== held.length) {
    throw conflict(
      "HOLDINGS_CHANGED",
      "What this user holds has changed since the list was opened. Review it and try again.",
    );
  }
  return decisions.map((decision) => ({ decision, item: byKey.get(holdingKey(decision))! }));
}

/** The people items are handed to: they exist, are active and are not the person leaving. */
async function lockNewHolders(tx: Executor, leaving: number, decisions: OffboardDecision[]) {
  // Locked as anyone given something is (FOR SHARE, in id order: users/recipient-lock.ts), so a
  // new holder cannot be deactivated half-way through, and a gift made to them meanwhile by
  // another request does not wait on this offboarding, nor this one on it.
  const byId = await lockRecipients(
    tx,
    decisions.flatMap((d) => (d.toUserId ? [d.toUserId] : [])),
  );
  decisions.forEach((decision, index) => {
    if (decision.toUserId === undefined) return;
    const path = `decisions.${index}.toUserId`;
    const person = byId.get(decision.toUserId);
    if (!person) throw badRequest("User not found", [{ path, message: "User not found" }]);
    if (person.id === leaving) {
      const message = "Choose someone other than the person leaving";
      throw badRequest(message, [{ path, message }]);
    }
    if (!person.isActive) throw userInactive("Items cannot be given to an inactive user", path);
    // Approving trust reviews is an administrator's act: the approval cannot pass to anyone else.
    if (decision.kind === "trust_review" && person.role !== "admin") {
      const message = "A trust review's approval can only be handed to an administrator";
      throw badRequest(message, [{ path, message }], "APPROVER_NOT_ADMIN");
    }
  });
  return byId;
}

/**
 * Carries out one decision on one item (its row is locked already), and records it in the
 * activity log as the area's own change would be (unassign, assign, reject, update), with the
 * offboarding it belongs to. A new holder is told by mail as the area's own change would tell
 * them; the person leaving is not (their account is being closed).
 */
async function apply(
  tx: Executor,
  item: HoldingItem,
  decision: OffboardDecision,
  from: Person,
  to: Person | undefined,
  by: OffboardedBy,
  mail: AssignmentMail,
) {
  if (decision.action === "keep") return;
  const now = new Date();
  const detail = { offboardingOf: from.id, to: to?.id ?? null };
  const log = (action: ActivityAction, area: ActivityArea, itemId: number, extra = {}) =>
    recordActivity(tx, by.actor, {
      action,
      area,
      itemId,
      itemLabel: item.label,
      detail: { ...detail, ...extra },
    });
  const handOver = async (area: ActivityArea, kind: "hardware" | "gsuite_account") => {
    await log(to ? "assign" : "unassign", area, item.id);
    await queueHolderChange(
      tx,
      mail,
      { kind, name: item.label },
      { from: null, to: to?.id ?? null },
    );
  };
  switch (item.kind) {
    case "license_seat": {
      const [seat] = await tx
        .update(licenseAssignments)
        .set({ isActive: false, deactivatedAt: now })
        .where(eq(licenseAssignments.id, item.id))
        .returning({ licenseId: licenseAssignments.licenseId });
      // Seats are logged on their license (as the assignments service does), so the license's
      // history shows them.
      await log("unassign", "licenses", seat!.licenseId, { assignmentId: item.id });
      if (!to) return;
      // The assignments service's own path: license row locked, duplicate and seat checks, and
      // its "assign" record on the license, with this offboarding in its detail.
      await assignSeat(
        tx,
        { licenseId: seat!.licenseId, userId: to.id, isActive: true },
        by.actor,
        { detail, mail },
      );
      return;
    }
    case "hardware":
      // Released: available again, its status left as it was (as a deactivation does).
      await tx
        .update(hardware)
        .set({ assignedToUserId: to?.id ?? null })
        .where(eq(hardware.id, item.id));
      await handOver("hardware", "hardware");
      return;
    case "office_account": {
      const [ended] = await tx
        .update(accountAssignments)
        .set({ isActive: false })
        .where(eq(accountAssignments.id, item.id))
        .returning();
      // Logged on the account (its history shows who held it), the assignment in the detail.
      await log("unassign", "office_accounts", ended!.accountId, { assignmentId: item.id });
      if (to) {
        const given = await createAccountAssignment(
          tx,
          {
            accountId: ended!.accountId,
            userId: to.id,
            assignedTo: displayNameOf(to),
            deviceName: ended!.deviceName,
            assignedDate: todayIso(),
            isActive: true,
            notes: ended!.notes,
          },
          // No actor: the hand-over is recorded here, with the offboarding's details.
          undefined,
          mail,
        );
        await log("assign", "office_accounts", ended!.accountId, { assignmentId: given.id });
      }
      return;
    }
    case "gsuite_account":
      await tx
        .update(gsuiteAccounts)
        .set({ assignedToUserId: to?.id ?? null })
        .where(eq(gsuiteAccounts.id, item.id));
      await handOver("gsuite", "gsuite_account");
      return;
    case "trust_review":
      // Released: back to pending, for another administrator to approve; handed over: the new
      // person answers for the approval (the review names its approver by username).
      await tx
        .update(trustReviews)
        .set(
          to
            ? { approvedBy: to.username, updatedAt: now }
            : { approvalStatus: "pending", approvedBy: null, updatedAt: now },
        )
        .where(eq(trustReviews.id, item.id));
      await recordActivity(tx, by.actor, {
        action: "update",
        area: "trust_reviews",
        itemId: item.id,
        itemLabel: item.label,
        changes: to
          ? { approvedBy: { before: from.username, after: to.username } }
          : {
              approvalStatus: { before: "approved", after: "pending" },
              approvedBy: { before: from.username, after: null },
            },
        detail,
      });
      return;
    case "hardware_request":
      // Released: nobody is left to receive it, so it is closed as rejected, by the administrator
      // who offboarded; handed over: the new person becomes the requester.
      await tx
        .update(hardwareRequests)
        .set(
          to
            ? { requestedByUserId: to.id, updatedAt: now }
            : {
                status: "rejected",
                approvedByUserId: by.session?.user.id ?? null,
                rejectionReason: REQUEST_CLOSED_REASON,
                updatedAt: now,
              },
        )
        .where(eq(hardwareRequests.id, item.id));
      if (to) {
        await recordActivity(tx, by.actor, {
          action: "update",
          area: "hardware_requests",
          itemId: item.id,
          itemLabel: item.label,
          changes: { requestedByUserId: { before: from.id, after: to.id } },
          detail,
        });
      } else {
        await log("reject", "hardware_requests", item.id, { reason: REQUEST_CLOSED_REASON });
      }
      return;
  }
}

/** A refusal of one item says which item, and points the form at that item's choice. */
function aboutItem(error: unknown, item: HoldingItem, index: number): unknown {
  if (!(error instanceof AppError) || error.statusCode >= 500) return error;
  const message = `${item.label}: ${error.message}`;
  return new AppError(error.statusCode, error.code, message, [
    { path: `decisions.${index}.toUserId`, message: error.message },
  ]);
}

/**
 * Who offboards: an administrator's session, or a SCIM deprovisioning (no person: the token's
 * name is the performer's, and the actor says via 'scim').
 */
export type OffboardedBy =
  | { session: ActiveSession; actor: ActivityActor }
  | { session: null; performerName: string; actor: ActivityActor };

export async function offboardUser(
  db: Db,
  userId: number,
  input: OffboardRequest,
  by: OffboardedBy,
  /** The server's mail settings: new holders are told (assignment-mail.ts). */
  mail: AssignmentMail = null,
): Promise<OffboardingResponse> {
  if (by.session && userId === by.session.user.id) {
    throw conflict("CANNOT_OFFBOARD_SELF", "You cannot offboard your own account");
  }
  return db.transaction(async (tx) => {
    // The person's row first, FOR UPDATE (users/recipient-lock.ts): a second offboarding of them
    // waits here, then finds them gone inactive; a gift to them being made now (which holds the
    // row FOR SHARE) commits first, and is then listed below and refused as not decided on
    // (HOLDINGS_CHANGED), or waits and then finds them inactive (USER_INACTIVE).
    const person = await lockPersonLeaving(tx, userId);
    if (!person) throw notFound("User");
    // Someone SCIM deactivated under the 'hold' policy (scim/deprovision.ts) is inactive with
    // their holdings kept for this step; anyone else inactive has been offboarded already.
    const held = await tx
      .delete(scimHeldOffboardings)
      .where(eq(scimHeldOffboardings.userId, person.id))
      .returning({ userId: scimHeldOffboardings.userId });
    if (!person.isActive && held.length === 0) {
      throw conflict("USER_ALREADY_INACTIVE", "This user has already been deactivated");
    }
    if (person.role === "admin") await assertAnotherActiveAdmin(tx, person.id);

    const holdings = await listHoldings(tx, person, { lock: true });
    const plan = matchDecisions(holdings, input.decisions);
    const newHolders = await lockNewHolders(tx, person.id, input.decisions);

    const outcomes: OffboardOutcome[] = [];
    for (const [index, { decision, item }] of plan.entries()) {
      const to = decision.toUserId === undefined ? undefined : newHolders.get(decision.toUserId);
      try {
        await apply(tx, item, decision, person, to, by, mail);
      } catch (error) {
        throw aboutItem(error, item, index);
      }
      outcomes.push({
        ...item,
        action: decision.action,
        toUserId: to?.id ?? null,
        toUserName: to ? nameWithUsername(to) : null,
      });
    }

    await tx
      .update(users)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(users.id, person.id));
    await deleteUserSessions(tx, person.id);
    // Tokens and feed addresses only sleep while their owner is inactive: reactivating the person
    // would wake a copy that left with them.
    await tx.delete(apiTokens).where(eq(apiTokens.userId, person.id));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, person.id));

    const [row] = await tx
      .insert(offboardings)
      .values({
        userId: person.id,
        userName: nameWithUsername(person),
        performedByUserId: by.session?.user.id ?? null,
        performedByName: by.session ? nameWithUsername(by.session.user) : by.performerName,
        outcomes,
      })
      .returning();
    await recordActivity(tx, by.actor, {
      action: "offboard",
      area: "users",
      itemId: person.id,
      itemLabel: row!.userName,
      changes: person.isActive ? { isActive: { before: true, after: false } } : null,
      detail: {
        offboarding: row!.id,
        outcomes: outcomes.map((outcome) => ({
          kind: outcome.kind,
          id: outcome.id,
          label: outcome.label,
          action: outcome.action,
          to: outcome.toUserId,
        })),
      },
    });
    await emitNotification(tx, {
      type: "offboarded",
      key: `offboarded:${row!.id}`,
      title: `Offboarded: ${row!.userName}`,
      text: `${outcomes.length} item${outcomes.length === 1 ? "" : "s"} handled, by ${row!.performedByName}.`,
      item: { area: "users", id: person.id, label: row!.userName },
      link: "/users",
      payload: { offboarding: row!.id, items: outcomes.length },
    });
    return toOffboardingResponse(row!);
  });
}

/** The latest offboarding of a user (the checklist prints it), or a 404. */
export async function latestOffboarding(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(offboardings)
    .where(eq(offboardings.userId, userId))
    .orderBy(desc(offboardings.createdAt), desc(offboardings.id))
    .limit(1);
  if (!row) throw notFound("Offboarding");
  return toOffboardingResponse(row);
}
