// Hardware items: list (visibility, tabs, filters, search, sort), summary figures, detail,
// create, edit, assign/unassign, delete. Assigning locks the item's row, so two administrators
// giving one item to two people at once get one success and one 409.

import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { changesBetween } from "../../domain/activity";
import { todayIso } from "../../domain/dates";
import { canAssignHardwareTo, defaultWarrantyExpiry } from "../../domain/hardware-status";
import {
  type CreateHardwareRequest,
  type HardwareListQuery,
  type HardwareResponse,
  type HardwareSummaryResponse,
  hardwareCursors,
  type UpdateHardwareRequest,
} from "../../domain/schemas/hardware";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { ActiveSession } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import { isUniqueViolation } from "../db/driver-errors";
import { idIn } from "../db/id-list";
import { hardware, hardwareRequests, users } from "../db/schema";
import { updateRow } from "../db/update-row";
import { badRequest, conflict, notFound } from "../http/errors";
import { type PageCursors, selectKeysetPage } from "../lib/keyset";
import { type AssignmentMail, queueHolderChange } from "../mail/assignment-mail";
import { lockActiveRecipient } from "../users/recipient-lock";
import { displayNameSql } from "../users/user-response";
import { toHardwareResponse } from "./hardware-response";
import { hardwareSort, listConditions, visibleTo } from "./list-query";

export const DUPLICATE_IDENTIFIER_MESSAGE =
  "A hardware item with this serial number/identifier already exists";
export const HARDWARE_TAKEN_MESSAGE = "This hardware item is already assigned to someone else";

export interface HardwareList {
  items: HardwareResponse[];
  /** Every row the conditions match, when a page was asked for; else null. */
  total: number | null;
  /** Where the page starts and ends (X-Prev-Cursor, X-Next-Cursor); null when empty. */
  cursors: PageCursors;
}

export async function listHardware(
  db: Db,
  session: ActiveSession,
  query: HardwareListQuery,
): Promise<HardwareList> {
  const where = listConditions(session, query);
  // The page is read from hardware alone (an index walk in list order), and the holders' names
  // for just its rows afterwards: joining users in the same statement would join every row a
  // deep OFFSET skips (page 400 joined 10,000 rows to show 25).
  const page = await selectKeysetPage(db, {
    cursors: hardwareCursors,
    sortName: query.sort,
    sort: hardwareSort(query),
    order: query.order,
    query,
    from: hardware,
    where,
    bounds: query,
    select: (total, cursor, window) =>
      db
        .select({ item: hardware, cursor, total })
        .from(hardware)
        .where(window.where)
        .orderBy(...window.orderBy)
        .$dynamic(),
    idOf: (row) => row.item.id,
    statement: { list: "hardware", shape: undefined, values: {} },
  });
  const holders = await holderNames(
    db,
    page.rows.flatMap((row) =>
      row.item.assignedToUserId === null ? [] : [row.item.assignedToUserId],
    ),
  );
  return {
    items: page.rows.map((row) =>
      toHardwareResponse(row.item, holders.get(row.item.assignedToUserId ?? 0) ?? null),
    ),
    total: page.total,
    cursors: page.cursors,
  };
}

/** Display names of these users, by id, in one query. */
async function holderNames(db: Executor, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, name: displayNameSql(users) })
    .from(users)
    .where(idIn(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The stat cards, the red badge and the type and location badges, counted by the database. */
export async function hardwareSummary(
  db: Db,
  session: ActiveSession,
): Promise<HardwareSummaryResponse> {
  const visible = visibleTo(session);
  const [figures] = await db
    .select({
      total: count(),
      available: sql<number>`count(*) filter (where ${isNull(hardware.assignedToUserId)})`.mapWith(
        Number,
      ),
      assigned:
        sql<number>`count(*) filter (where ${isNotNull(hardware.assignedToUserId)})`.mapWith(
          Number,
        ),
    })
    .from(hardware)
    .where(visible);
  const byType = await db
    .select({ key: hardware.type, count: count() })
    .from(hardware)
    .where(visible)
    .groupBy(hardware.type)
    .orderBy(sql`count(*) desc`, hardware.type);
  const byLocation = await db
    .select({ key: hardware.location, count: count() })
    .from(hardware)
    .where(visible)
    .groupBy(hardware.location)
    .orderBy(sql`count(*) desc`, hardware.location);
  const [pending] = await db
    .select({ count: count() })
    .from(hardwareRequests)
    .where(
      and(
        eq(hardwareRequests.status, "pending"),
        session.user.role === "admin"
          ? undefined
          : eq(hardwareRequests.requestedByUserId, session.user.id),
      ),
    );
  return {
    total: Number(figures?.total ?? 0),
    available: figures?.available ?? 0,
    assigned: figures?.assigned ?? 0,
    pendingRequests: Number(pending?.count ?? 0),
    byType: byType.map((row) => ({ key: row.key, count: Number(row.count) })),
    byLocation: byLocation.map((row) => ({ key: row.key, count: Number(row.count) })),
  };
}

export async function findHardware(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(hardware).where(eq(hardware.id, id)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound("Hardware");
  return row;
}

async function withHolder(db: Executor, row: typeof hardware.$inferSelect) {
  if (row.assignedToUserId === null) return toHardwareResponse(row, null);
  const [holder] = await db
    .select({ name: displayNameSql(users) })
    .from(users)
    .where(eq(users.id, row.assignedToUserId));
  return toHardwareResponse(row, holder?.name ?? null);
}

/** One item; 404 both when it does not exist and when the caller may not see it. */
export async function getHardwareFor(db: Db, session: ActiveSession, id: number) {
  const [row] = await db
    .select()
    .from(hardware)
    .where(and(eq(hardware.id, id), visibleTo(session)))
    .limit(1);
  if (!row) throw notFound("Hardware");
  return withHolder(db, row);
}

/**
 * The user an item is given to: they must exist and be active, and their row stays locked until
 * the item is theirs, so a deactivation or offboarding of them either commits first (and this is
 * refused) or waits and then finds the item (users/recipient-lock.ts).
 */
const lockAssignee = (db: Executor, userId: number) =>
  lockActiveRecipient(db, userId, {
    inactive: "Hardware cannot be assigned to an inactive user",
    path: "assignedToUserId",
    missing: () =>
      badRequest("User not found", [{ path: "assignedToUserId", message: "User not found" }]),
  });

// The unique index on the identifier is the last word on "one item per serial number".
async function catchDuplicateIdentifier<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "hardware_identifier_idx")) {
      throw conflict("DUPLICATE_RECORD", DUPLICATE_IDENTIFIER_MESSAGE, [
        { path: "identifier", message: DUPLICATE_IDENTIFIER_MESSAGE },
      ]);
    }
    throw error;
  }
}

const nullIfMissing = <T>(value: T | undefined) => (value === undefined ? null : value);

type HardwareRow = typeof hardware.$inferSelect;

/** An edit that gives the item to someone or takes it back is logged as that. */
function hardwareAction(before: HardwareRow, after: HardwareRow) {
  if (before.assignedToUserId === after.assignedToUserId) return "update" as const;
  return after.assignedToUserId === null ? ("unassign" as const) : ("assign" as const);
}

/** The people an item was taken from and given to hear of it (assignment-mail.ts). */
export const tellHolders = (
  tx: Executor,
  mail: AssignmentMail,
  before: Pick<HardwareRow, "assignedToUserId"> | null,
  after: Pick<HardwareRow, "assignedToUserId" | "name">,
) =>
  queueHolderChange(
    tx,
    mail,
    { kind: "hardware", name: after.name },
    { from: before?.assignedToUserId ?? null, to: after.assignedToUserId },
  );

export async function createHardware(
  db: Db,
  input: CreateHardwareRequest,
  actor: ActivityActor,
  mail: AssignmentMail = null,
) {
  return catchDuplicateIdentifier(() =>
    db.transaction(async (tx) => {
      if (input.assignedToUserId) await lockAssignee(tx, input.assignedToUserId);
      const [row] = await tx
        .insert(hardware)
        .values({
          name: input.name,
          type: input.type,
          identifier: input.identifier,
          location: nullIfMissing(input.location),
          status: input.status,
          assignedToUserId: nullIfMissing(input.assignedToUserId),
          purchaseDate: nullIfMissing(input.purchaseDate),
          warrantyExpiry:
            input.warrantyExpiry === undefined
              ? defaultWarrantyExpiry(todayIso())
              : input.warrantyExpiry,
          notes: nullIfMissing(input.notes),
          pcName: nullIfMissing(input.pcName),
          specs: nullIfMissing(input.specs),
        })
        .returning();
      await recordActivity(tx, actor, {
        action: "create",
        area: "hardware",
        itemId: row!.id,
        itemLabel: row!.name,
        changes: changesBetween(null, row!),
      });
      await tellHolders(tx, mail, null, row!);
      return withHolder(tx, row!);
    }),
  );
}

/**
 * Edits an item and/or assigns it (`assignedToUserId`: a user id assigns, null unassigns). The
 * row is locked first, so a concurrent assignment of the same item waits and then sees the
 * holder this one set: giving an item someone else holds is a 409 (HARDWARE_UNAVAILABLE).
 */
export async function updateHardware(
  db: Db,
  id: number,
  input: UpdateHardwareRequest,
  actor: ActivityActor,
  mail: AssignmentMail = null,
) {
  return catchDuplicateIdentifier(() =>
    db.transaction(async (tx) => {
      const assignee = input.assignedToUserId;
      // The person before the item, as everything that gives or takes items locks them.
      if (assignee) await lockAssignee(tx, assignee);
      const current = await findHardware(tx, id, { lock: true });
      if (assignee && !canAssignHardwareTo(current, assignee)) {
        throw conflict("HARDWARE_UNAVAILABLE", HARDWARE_TAKEN_MESSAGE, [
          { path: "assignedToUserId", message: HARDWARE_TAKEN_MESSAGE },
        ]);
      }
      const row = await updateRow(tx, hardware, eq(hardware.id, id), current, input);
      const changed = changesBetween(current, row);
      if (changed) {
        await recordActivity(tx, actor, {
          action: hardwareAction(current, row),
          area: "hardware",
          itemId: id,
          itemLabel: row.name,
          changes: changed,
        });
      }
      await tellHolders(tx, mail, current, row);
      return withHolder(tx, row);
    }),
  );
}

export async function deleteHardware(db: Db, id: number, actor: ActivityActor) {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(hardware).where(eq(hardware.id, id)).returning();
    if (!deleted) throw notFound("Hardware");
    await recordActivity(tx, actor, {
      action: "delete",
      area: "hardware",
      itemId: id,
      itemLabel: deleted.name,
      changes: changesBetween(deleted, null),
    });
  });
}
