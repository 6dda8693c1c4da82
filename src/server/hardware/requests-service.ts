// Hardware requests: list (administrators: all; users: their own), create, approve, reject.
// Approving a request for an existing item gives that item to the requester in the same
// transaction. The request's row is locked first, so of two administrators approving at once
// one succeeds and the other finds it no longer pending (409); the item's row is locked next,
// so an item given away in between answers 409 instead of changing hands twice.

import { and, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { HardwareStatus } from "../../domain/enums";
import { isHardwareOffered } from "../../domain/hardware-status";
import {
  type CreateHardwareRequestRequest,
  type HardwareRequestListQuery,
  type HardwareRequestResponse,
  hardwareRequestCursors,
} from "../../domain/schemas/hardware";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { ActiveSession } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import { idIn } from "../db/id-list";
import { hardware, hardwareRequests, users } from "../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { keysetOrder, keysetSort, type PageCursors, selectKeysetPage } from "../lib/keyset";
import { matchingIds } from "../lib/text-search";
import type { AssignmentMail } from "../mail/assignment-mail";
import { emitNotification } from "../notifications/emit";
import {
  lockActiveRecipient,
  lockRecipients,
  type Recipient,
  userInactive,
} from "../users/recipient-lock";
import { displayNameSql } from "../users/user-response";
import { visibleTo } from "./list-query";
import { asSecondPendingRequest, refuseSecondPendingRequest } from "./pending-request";
import { findHardware, tellHolders } from "./service";

const requester = alias(users, "requester");
const approver = alias(users, "approver");

type HardwareRequestRow = typeof hardwareRequests.$inferSelect;

const UNAVAILABLE_MESSAGE = "This hardware item is no longer available";
/** Why a free item is not offered (isHardwareOffered): it is under maintenance or retired. */
const outOfServiceMessage = (status: HardwareStatus) =>
  `This hardware item is ${status === "retired" ? "retired" : "under maintenance"} and cannot be requested`;
const outOfServiceApprovalMessage = (status: HardwareStatus) =>
  `This hardware item is ${status === "retired" ? "retired" : "under maintenance"}; put it back in service before approving the request`;

// What a request's answer reads: the row, the two people's display names and the item's name.
const requestFields = {
  request: hardwareRequests,
  requestedByName: displayNameSql(requester as unknown as typeof users),
  approvedByName: displayNameSql(approver as unknown as typeof users),
  hardwareName: hardware.name,
};

function selectRequests(db: Executor) {
  return db
    .select(requestFields)
    .from(hardwareRequests)
    .innerJoin(requester, eq(requester.id, hardwareRequests.requestedByUserId))
    .leftJoin(approver, eq(approver.id, hardwareRequests.approvedByUserId))
    .leftJoin(hardware, eq(hardware.id, hardwareRequests.hardwareId));
}

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

function toHardwareRequestResponse(row: RequestRow): HardwareRequestResponse {
  const { request } = row;
  return {
    id: request.id,
    requestedByUserId: request.requestedByUserId,
    requestedByName: row.requestedByName,
    type: request.type,
    hardwareId: request.hardwareId,
    hardwareName: row.hardwareName,
    name: request.name,
    hardwareType: request.hardwareType,
    link: request.link,
    reason: request.reason,
    status: request.status,
    approvedByUserId: request.approvedByUserId,
    approvedByName: request.approvedByUserId === null ? null : row.approvedByName,
    rejectionReason: request.rejectionReason,
    managerApproval: request.managerApproval,
    managerName: request.managerName,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

async function getRequest(db: Executor, id: number) {
  const [row] = await selectRequests(db).where(eq(hardwareRequests.id, id)).limit(1);
  if (!row) throw notFound("Hardware request");
  return toHardwareRequestResponse(row);
}

/** What the list's search looks in; each column has a trigram index (list-indexes.test.ts). */
export const hardwareRequestSearchColumns = [hardwareRequests.name, hardwareRequests.reason];

/**
 * The list's sorts, the id last, one direction for all their keys so that one index walks each
 * either way and a page can start at a row's position (migration 0040, decision 0040): by
 * status, a status's requests oldest first ascending and newest first descending.
 */
export const hardwareRequestSorts = {
  createdAt: keysetSort(
    hardwareRequestCursors,
    "createdAt",
    [hardwareRequests.createdAt],
    hardwareRequests.id,
  ),
  status: keysetSort(
    hardwareRequestCursors,
    "status",
    [hardwareRequests.status, hardwareRequests.createdAt],
    hardwareRequests.id,
  ),
};

export const hardwareRequestOrder = (
  query: Pick<HardwareRequestListQuery, "sort" | "order">,
): SQL[] => keysetOrder(hardwareRequestSorts[query.sort], query.order);

export interface HardwareRequestList {
  requests: HardwareRequestResponse[];
  total: number | null;
  cursors: PageCursors;
}

export async function listHardwareRequests(
  db: Db,
  session: ActiveSession,
  query: HardwareRequestListQuery,
): Promise<HardwareRequestList> {
  const where = and(
    session.user.role === "admin"
      ? undefined
      : eq(hardwareRequests.requestedByUserId, session.user.id),
    query.status ? eq(hardwareRequests.status, query.status) : undefined,
    query.search
      ? matchingIds(hardwareRequests.id, hardwareRequestSearchColumns, query.search)
      : undefined,
  );
  // The page is read from hardware_requests alone and the names for just its rows afterwards:
  // joining in the same statement would join every row a deep OFFSET skips.
  const page = await selectKeysetPage(db, {
    cursors: hardwareRequestCursors,
    sortName: query.sort,
    sort: hardwareRequestSorts[query.sort],
    order: query.order,
    query,
    from: hardwareRequests,
    where,
    bounds: query,
    select: (total, cursor, window) =>
      db
        .select({ request: hardwareRequests, cursor, total })
        .from(hardwareRequests)
        .where(window.where)
        .orderBy(...window.orderBy)
        .$dynamic(),
    idOf: (row) => row.request.id,
    statement: { list: "hardware-requests", shape: undefined, values: {} },
  });
  const requests = page.rows.map((row) => row.request);
  const people = await namesOf(
    db,
    requests.flatMap((r) => [
      r.requestedByUserId,
      ...(r.approvedByUserId ? [r.approvedByUserId] : []),
    ]),
  );
  const itemIds = [...new Set(requests.flatMap((r) => (r.hardwareId ? [r.hardwareId] : [])))];
  const items =
    itemIds.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await db
              .select({ id: hardware.id, name: hardware.name })
              .from(hardware)
              .where(idIn(hardware.id, itemIds))
          ).map((row) => [row.id, row.name]),
        );
  return {
    requests: requests.map((request) =>
      toHardwareRequestResponse({
        request,
        requestedByName: people.get(request.requestedByUserId) ?? "",
        approvedByName: people.get(request.approvedByUserId ?? 0) ?? null,
        hardwareName: items.get(request.hardwareId ?? 0) ?? null,
      } as RequestRow),
    ),
    total: page.total,
    cursors: page.cursors,
  };
}

/** Display names of these users, by id, in one query. */
async function namesOf(db: Executor, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, name: displayNameSql(users) })
    .from(users)
    .where(idIn(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * A user requests for themselves and only items they may see that nobody holds; the Request New
 * tab (type 'new') and requesting for someone else are for administrators.
 */
export async function createHardwareRequest(
  db: Db,
  session: ActiveSession,
  input: CreateHardwareRequestRequest,
  actor: ActivityActor,
) {
  const isAdmin = session.user.role === "admin";
  const requesterId = input.requestedByUserId ?? session.user.id;
  if (!isAdmin && requesterId !== session.user.id) {
    throw forbidden("You can only request hardware for yourself");
  }
  if (!isAdmin && input.type === "new") {
    throw forbidden("Only administrators can request new hardware");
  }
  const creating = db.transaction(async (tx) => {
    // An open request is something the person holds (an offboarding decides on it): the
    // requester is locked as for any gift (users/recipient-lock.ts).
    await lockActiveRecipient(tx, requesterId, {
      inactive: "Hardware cannot be requested for an inactive user",
      missing: () =>
        badRequest("User not found", [{ path: "requestedByUserId", message: "User not found" }]),
    });
    let hardwareId: number | null = null;
    if (input.type === "existing" && input.hardwareId) {
      const [item] = await tx
        .select({
          id: hardware.id,
          assignedToUserId: hardware.assignedToUserId,
          status: hardware.status,
        })
        .from(hardware)
        .where(and(eq(hardware.id, input.hardwareId), visibleTo(session)))
        .limit(1);
      if (!item) throw notFound("Hardware");
      if (!isHardwareOffered(item)) {
        const message =
          item.assignedToUserId === null ? outOfServiceMessage(item.status) : UNAVAILABLE_MESSAGE;
        throw conflict("HARDWARE_UNAVAILABLE", message, [{ path: "hardwareId", message }]);
      }
      hardwareId = item.id;
      await refuseSecondPendingRequest(tx, session, requesterId, item.id);
    }
    const [row] = await tx
      .insert(hardwareRequests)
      .values({
        requestedByUserId: requesterId,
        type: input.type,
        hardwareId,
        name: input.type === "new" ? (input.name ?? null) : null,
        hardwareType: input.type === "new" ? (input.hardwareType ?? null) : null,
        link: input.type === "new" ? (input.link ?? null) : null,
        reason: input.reason,
        managerApproval: input.managerApproval,
        managerName: input.managerApproval ? (input.managerName ?? null) : null,
      })
      .returning({ id: hardwareRequests.id });
    const created = await getRequest(tx, row!.id);
    await recordActivity(tx, actor, {
      action: "create",
      area: "hardware_requests",
      itemId: row!.id,
      itemLabel: requestLabel(created),
      detail: {
        type: input.type,
        hardwareId,
        requestedByUserId: requesterId,
        reason: input.reason,
      },
    });
    const label = requestLabel(created) ?? `Request ${row!.id}`;
    await emitNotification(tx, {
      type: "request_pending",
      key: `request_pending:${row!.id}`,
      title: `Hardware request waiting for approval: ${label}`,
      text: input.reason ?? "No reason given.",
      item: { area: "hardware_requests", id: row!.id, label },
      link: "/hardware?tab=requests",
    });
    return created;
  });
  return creating.catch((error) => asSecondPendingRequest(db, session, requesterId, error));
}

async function lockPending(tx: Executor, id: number) {
  const [request] = await tx
    .select()
    .from(hardwareRequests)
    .where(eq(hardwareRequests.id, id))
    .limit(1)
    .for("update");
  if (!request) throw notFound("Hardware request");
  if (request.status !== "pending") {
    throw conflict(
      "REQUEST_NOT_PENDING",
      `This request has already been ${request.status}; only pending requests can be approved or rejected`,
    );
  }
  return request;
}

/**
 * For an approval: the requester locked FOR SHARE before the request (the person before what is
 * given, users/recipient-lock.ts; an offboarding locks them, then their open requests), then the
 * request, locked and pending. An offboarding that handed the request to someone else while this
 * waited is followed to the new requester.
 */
async function lockPendingWithRequester(
  tx: Executor,
  id: number,
): Promise<{ request: HardwareRequestRow; requester: Recipient | undefined }> {
  const [seen] = await tx
    .select({ requestedByUserId: hardwareRequests.requestedByUserId })
    .from(hardwareRequests)
    .where(eq(hardwareRequests.id, id))
    .limit(1);
  if (!seen) throw notFound("Hardware request");
  const requester = (await lockRecipients(tx, [seen.requestedByUserId])).get(
    seen.requestedByUserId,
  );
  const request = await lockPending(tx, id);
  if (request.requestedByUserId !== seen.requestedByUserId) return lockPendingWithRequester(tx, id);
  return { request, requester };
}

/** What a request is called in the log: the item asked for, by name. */
const requestLabel = (request: { hardwareName?: string | null; name?: string | null }) =>
  request.hardwareName ?? request.name ?? null;

/** The approver is the signed-in administrator as the server knows them, never the client's. */
export async function approveHardwareRequest(
  db: Db,
  id: number,
  actor: ActivityActor,
  mail: AssignmentMail = null,
) {
  const approverId = actor.userId;
  return db.transaction(async (tx) => {
    const { request, requester } = await lockPendingWithRequester(tx, id);
    if (request.type === "existing") {
      // The item was deleted since the request was made (its id was set to null).
      if (request.hardwareId === null) throw conflict("HARDWARE_UNAVAILABLE", UNAVAILABLE_MESSAGE);
      const item = await findHardware(tx, request.hardwareId, { lock: true }).catch(() => {
        throw conflict("HARDWARE_UNAVAILABLE", UNAVAILABLE_MESSAGE);
      });
      if (item.assignedToUserId !== null && item.assignedToUserId !== request.requestedByUserId) {
        throw conflict("HARDWARE_UNAVAILABLE", UNAVAILABLE_MESSAGE);
      }
      // Put under maintenance or retired since it was asked for: not handed over until an
      // administrator puts it back in service (the request stays pending meanwhile).
      if (item.assignedToUserId === null && !isHardwareOffered(item)) {
        throw conflict("HARDWARE_UNAVAILABLE", outOfServiceApprovalMessage(item.status));
      }
      // The requester's row is locked: a deactivation, deletion or offboarding of them either
      // committed first (and this is refused) or waits and then finds the item.
      if (!requester?.isActive) {
        throw userInactive("Hardware cannot be assigned to an inactive user");
      }
      await tx
        .update(hardware)
        .set({ assignedToUserId: request.requestedByUserId })
        .where(eq(hardware.id, item.id));
      if (item.assignedToUserId !== request.requestedByUserId) {
        // The item's own history shows who got it and through which request.
        await recordActivity(tx, actor, {
          action: "assign",
          area: "hardware",
          itemId: item.id,
          itemLabel: item.name,
          changes: {
            assignedToUserId: { before: item.assignedToUserId, after: request.requestedByUserId },
          },
          detail: { requestId: id },
        });
      }
      await tellHolders(tx, mail, item, { ...item, assignedToUserId: request.requestedByUserId });
    }
    await tx
      .update(hardwareRequests)
      .set({ status: "approved", approvedByUserId: approverId, updatedAt: new Date() })
      .where(eq(hardwareRequests.id, id));
    const approved = await getRequest(tx, id);
    await recordActivity(tx, actor, {
      action: "approve",
      area: "hardware_requests",
      itemId: id,
      itemLabel: requestLabel(approved),
      changes: { status: { before: "pending", after: "approved" } },
      detail: { hardwareId: request.hardwareId, requestedByUserId: request.requestedByUserId },
    });
    return approved;
  });
}

/** Rejection records who decided (approvedByUserId) and why. */
export async function rejectHardwareRequest(
  db: Db,
  id: number,
  actor: ActivityActor,
  reason: string,
) {
  const deciderId = actor.userId;
  return db.transaction(async (tx) => {
    const request = await lockPending(tx, id);
    await tx
      .update(hardwareRequests)
      .set({
        status: "rejected",
        approvedByUserId: deciderId,
        rejectionReason: reason,
        updatedAt: new Date(),
      })
      .where(eq(hardwareRequests.id, id));
    const rejected = await getRequest(tx, id);
    await recordActivity(tx, actor, {
      action: "reject",
      area: "hardware_requests",
      itemId: id,
      itemLabel: requestLabel(rejected),
      changes: { status: { before: "pending", after: "rejected" } },
      detail: { reason, requestedByUserId: request.requestedByUserId },
    });
    return rejected;
  });
}
