// One pending request per person and hardware item (issue 27): a second is refused with 409
// DUPLICATE_RECORD saying who already asked. It is checked before the insert, for that answer; the
// partial unique index (schema.ts, hardware_requests_one_pending_per_item_idx) decides between
// identical requests sent at once, and the one it refuses gets the same answer.
import { and, eq } from "drizzle-orm";
import type { ActiveSession } from "../auth/sessions";
import type { Executor } from "../db/client";
import { isUniqueViolation } from "../db/driver-errors";
import { hardwareRequests, users } from "../db/schema";
import { conflict } from "../http/errors";
import { displayNameSql } from "../users/user-response";

const ONE_PENDING_INDEX = "hardware_requests_one_pending_per_item_idx";

async function secondPendingRequest(db: Executor, session: ActiveSession, requesterId: number) {
  let message = "You already have a pending request for this item";
  if (requesterId !== session.user.id) {
    const [person] = await db
      .select({ name: displayNameSql(users) })
      .from(users)
      .where(eq(users.id, requesterId))
      .limit(1);
    message = `${person?.name ?? "This person"} already has a pending request for this item`;
  }
  return conflict("DUPLICATE_RECORD", message, [{ path: "hardwareId", message }]);
}

/** Refuses a request when the requester already has a pending one for this item. */
export async function refuseSecondPendingRequest(
  tx: Executor,
  session: ActiveSession,
  requesterId: number,
  hardwareId: number,
) {
  const [pending] = await tx
    .select({ id: hardwareRequests.id })
    .from(hardwareRequests)
    .where(
      and(
        eq(hardwareRequests.requestedByUserId, requesterId),
        eq(hardwareRequests.hardwareId, hardwareId),
        eq(hardwareRequests.status, "pending"),
      ),
    )
    .limit(1);
  if (pending) throw await secondPendingRequest(tx, session, requesterId);
}

/**
 * For a failed creation: the request that lost to an identical one sent at the same time gets
 * the answer the check gives (asked outside the failed transaction); other errors pass unchanged.
 */
export async function asSecondPendingRequest(
  db: Executor,
  session: ActiveSession,
  requesterId: number,
  error: unknown,
): Promise<never> {
  if (isUniqueViolation(error, ONE_PENDING_INDEX)) {
    throw await secondPendingRequest(db, session, requesterId);
  }
  throw error;
}
