// License assignments (seats). Creating one locks the license row, so concurrent requests queue
// on it and the seat count they read is final: a license never has more active seats than
// totalSeats, on PGlite or on a PostgreSQL server shared by several processes.
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { todayIso } from "../../domain/dates";
import {
  type AssignmentListQuery,
  type AssignmentResponse,
  assignmentCursors,
  type CreateAssignmentRequest,
  type LicenseListQuery,
} from "../../domain/schemas/licenses";
import { MAX_PAGE_SIZE } from "../../domain/schemas/paging";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { ActiveSession } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import { isUniqueViolation } from "../db/driver-errors";
import { idIn } from "../db/id-list";
import { licenseAssignments, licenses } from "../db/schema";
import { pagesOf } from "../export/row-pages";
import { conflict, notFound } from "../http/errors";
import { keysetOrder, keysetSort, selectKeysetPage } from "../lib/keyset";
import type { Secrets } from "../lib/secrets";
import { type AssignmentMail, queueHolderChange } from "../mail/assignment-mail";
import { alertLowSeats } from "../notifications/seat-alerts";
import { lockActiveRecipient } from "../users/recipient-lock";
import { displayNameOf } from "../users/user-response";
import { toAssignmentResponse } from "./license-response";
import { findLicense, listLicenses } from "./service";
import { unusedSeatWhere } from "./unused-seats";

/** The Assign route's refusals, in the words an import of seats repeats beside a row. */
export const SEAT_ALREADY_ASSIGNED = "This user already has an active assignment of this license";
export const SEAT_HOLDER_INACTIVE = "Licenses cannot be assigned to an inactive user";

const alreadyAssigned = () =>
  conflict("ALREADY_ASSIGNED", SEAT_ALREADY_ASSIGNED, [
    { path: "userId", message: SEAT_ALREADY_ASSIGNED },
  ]);

/** The list's one sort: by creation, then id (license_assignments_created_at_idx). */
const byCreation = keysetSort(
  assignmentCursors,
  "createdAt",
  [licenseAssignments.createdAt],
  licenseAssignments.id,
);

// Walks license_assignments_created_at_idx backwards: a page is its first rows.
export const assignmentsNewestFirst = keysetOrder(byCreation, "desc");

/** The assignments `where` keeps, newest first, with their license's name and `extra` fields. */
const selectAssignments = <Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Db,
  where: SQL | undefined,
  extra: Extra = {} as Extra,
) =>
  db
    .select({ assignment: licenseAssignments, licenseName: licenses.name, ...extra })
    .from(licenseAssignments)
    .innerJoin(licenses, eq(licenses.id, licenseAssignments.licenseId))
    .where(where)
    .orderBy(...assignmentsNewestFirst)
    .$dynamic();

const toResponses = (
  rows: { assignment: typeof licenseAssignments.$inferSelect; licenseName: string }[],
  unusedAfterDays: number,
) => rows.map((row) => toAssignmentResponse(row.assignment, row.licenseName, unusedAfterDays));

/** The list's filters, as placeholders (the list prepares them), and their values. */
function assignmentFilter(filter: AssignmentFilter) {
  const given = {
    license: filter.licenseId !== undefined,
    licenses: filter.licenseIds !== undefined,
    active: filter.active !== undefined,
    unused: filter.unused === true,
  };
  const where = and(
    given.license ? eq(licenseAssignments.licenseId, sql.placeholder("licenseId")) : undefined,
    given.licenses ? idIn(licenseAssignments.licenseId, sql.placeholder("licenseIds")) : undefined,
    given.active ? eq(licenseAssignments.isActive, sql.placeholder("active")) : undefined,
    given.unused ? unusedSeatWhere(sql.placeholder("unusedAfterDays")) : undefined,
  );
  const values = {
    licenseId: filter.licenseId,
    licenseIds: filter.licenseIds,
    active: filter.active,
    unusedAfterDays: filter.unusedAfterDays,
  };
  return { shape: Object.values(given).map(Number).join(""), where, values };
}

type AssignmentFilter = Pick<
  AssignmentListQuery,
  "licenseId" | "licenseIds" | "active" | "unused"
> & {
  /** UNUSED_AFTER_DAYS (app.config.unusedAfterDays), for `unused` and the responses. */
  unusedAfterDays: number;
};

/**
 * Every assignment (active and ended), newest first, or one page of them with its total;
 * optionally only of one license, of a set of licenses (a page of the license list), and only
 * active or only ended ones. The licenses page asks for its page's seats on every visit: prepared
 * once per set of filters given.
 */
export async function listAssignments(
  db: Db,
  filter: Omit<AssignmentListQuery, "fromEnd"> & {
    fromEnd?: boolean;
    /** UNUSED_AFTER_DAYS (app.config.unusedAfterDays). */
    unusedAfterDays: number;
  },
) {
  const { shape, where, values } = assignmentFilter(filter);
  const page = await selectKeysetPage(db, {
    cursors: assignmentCursors,
    sortName: "createdAt",
    sort: byCreation,
    order: "desc",
    query: filter,
    from: licenseAssignments,
    where,
    // Assignments accumulate (ended ones stay): the whole list's total is estimated once large.
    bounds: {
      limit: filter.limit,
      offset: filter.offset,
      withTotal: filter.withTotal,
      estimate: true,
    },
    select: (total, cursor, window) =>
      db
        .select({ assignment: licenseAssignments, licenseName: licenses.name, cursor, total })
        .from(licenseAssignments)
        .innerJoin(licenses, eq(licenses.id, licenseAssignments.licenseId))
        .where(window.where)
        .orderBy(...window.orderBy)
        .$dynamic(),
    idOf: (row) => row.assignment.id,
    statement: { list: "license_assignments", shape, values },
  });
  return {
    assignments: toResponses(page.rows, filter.unusedAfterDays),
    total: page.total,
    estimated: page.estimated,
    cursors: page.cursors,
  };
}

/**
 * The whole list for an export, `pageSize` rows at a time, each page read after the last row of
 * the one before (keyset, export/row-pages.ts): by offset, the 250th page of 1,000 would walk
 * and join the 249,000 rows before it again (an export of 250,000 assignments took 18 s).
 */
export const assignmentsInPages = (db: Db, filter: AssignmentFilter, pageSize: number) =>
  pagesOf(async (bounds) => {
    const page = await listAssignments(db, { ...filter, ...bounds });
    return { rows: page.assignments, next: page.cursors?.next };
  }, pageSize);

/**
 * The active assignments of the licenses on one page of the license list, read with the list's
 * own query (search, filter, sort, limit, offset; at most MAX_PAGE_SIZE licenses). A screen sends
 * it beside GET /api/licenses instead of waiting for the page's ids: two requests at once, not
 * one after the other.
 */
export async function listLicensePageAssignments(
  db: Db,
  secrets: Secrets,
  session: ActiveSession,
  query: LicenseListQuery & { unusedAfterDays: number },
) {
  // The seats need the page's ids, never its total.
  const page = await listLicenses(db, secrets, session, {
    ...query,
    limit: query.limit ?? MAX_PAGE_SIZE,
    withTotal: false,
  });
  if (page.licenses.length === 0) return [];
  // A page filtered to unused seats shows those seats: the ones to free (issue 33).
  const { assignments } = await listAssignments(db, {
    licenseIds: page.licenses.map((license) => license.id),
    active: true,
    unused: query.unused,
    unusedAfterDays: query.unusedAfterDays,
  });
  return assignments;
}

const assignmentDetail = (row: typeof licenseAssignments.$inferSelect) => ({
  assignmentId: row.id,
  userId: row.userId,
  assignedTo: row.assignedTo,
  isActive: row.isActive,
});

/** One user's assignments (active and ended), newest first. */
export const listUserAssignments = async (db: Db, userId: number, unusedAfterDays: number) =>
  toResponses(await selectAssignments(db, eq(licenseAssignments.userId, userId)), unusedAfterDays);

/** Gives a user a seat (assignSeat) and answers it; see assignSeat for `options`. */
export async function createAssignment(
  db: Executor,
  input: CreateAssignmentRequest,
  actor: ActivityActor,
  options: SeatOptions & {
    /** UNUSED_AFTER_DAYS (app.config.unusedAfterDays), for the response's `unused`. */
    unusedAfterDays: number;
  },
): Promise<AssignmentResponse> {
  const { row, licenseName } = await assignSeat(db, input, actor, options);
  return toAssignmentResponse(row, licenseName, options.unusedAfterDays);
}

interface SeatOptions {
  /** More to keep in the log's record, e.g. the offboarding this assignment is part of. */
  detail?: Record<string, unknown>;
  /** The server's mail settings: the new holder is told (assignment-mail.ts). */
  mail?: AssignmentMail;
}

/**
 * Gives a user a seat and returns the row, for a caller that answers no response (an
 * offboarding). `db` may be an open transaction (offboarding hands seats over inside its own):
 * the seat check then runs in a savepoint of it, under the same license row lock.
 */
export async function assignSeat(
  db: Executor,
  input: CreateAssignmentRequest,
  actor: ActivityActor,
  options: SeatOptions = {},
) {
  try {
    return await db.transaction(async (tx) => {
      // The person before the license (users/recipient-lock.ts): an offboarding handing a seat
      // of this license on holds them in that order too.
      const user = await lockActiveRecipient(tx, input.userId, {
        inactive: SEAT_HOLDER_INACTIVE,
        path: "userId",
        missing: () => notFound("User"),
      });
      const license = await findLicense(tx, input.licenseId, { lock: true });

      // An inactive (historical) record takes no seat, so only active ones are checked.
      if (input.isActive) {
        const active = and(
          eq(licenseAssignments.licenseId, license.id),
          eq(licenseAssignments.isActive, true),
        );
        const [duplicate] = await tx
          .select({ id: licenseAssignments.id })
          .from(licenseAssignments)
          .where(and(active, eq(licenseAssignments.userId, user.id)))
          .limit(1);
        if (duplicate) throw alreadyAssigned();
        const [used] = await tx.select({ seats: count() }).from(licenseAssignments).where(active);
        if (Number(used?.seats ?? 0) >= license.totalSeats) {
          throw conflict("SEATS_EXHAUSTED", "No seats left on this license");
        }
      }

      const [row] = await tx
        .insert(licenseAssignments)
        .values({
          licenseId: license.id,
          userId: user.id,
          assignedTo: displayNameOf(user),
          assignedDate: input.assignedDate ?? todayIso(),
          notes: input.notes ?? null,
          isActive: input.isActive,
          deactivatedAt: input.isActive ? null : new Date(),
        })
        .returning();
      // Recorded on the license, so its history shows who holds (held) a seat.
      await recordActivity(tx, actor, {
        action: "assign",
        area: "licenses",
        itemId: license.id,
        itemLabel: license.name,
        detail: { ...assignmentDetail(row!), ...options.detail },
      });
      if (row!.isActive) {
        await queueHolderChange(
          tx,
          options.mail ?? null,
          { kind: "license_seat", name: license.name },
          { from: null, to: user.id },
        );
        await alertLowSeats(tx, options.mail ?? null, { licenseIds: [license.id] });
      }
      return { row: row!, licenseName: license.name };
    });
  } catch (error) {
    // The partial unique index is the last word on "one active seat per user and license".
    if (isUniqueViolation(error)) throw alreadyAssigned();
    throw error;
  }
}

/** Ends an assignment and frees its seat. Deactivating an ended assignment changes nothing. */
export async function deactivateAssignment(
  db: Db,
  id: number,
  actor: ActivityActor,
  unusedAfterDays: number,
  mail: AssignmentMail = null,
): Promise<AssignmentResponse> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ assignment: licenseAssignments, licenseName: licenses.name })
      .from(licenseAssignments)
      .innerJoin(licenses, eq(licenses.id, licenseAssignments.licenseId))
      .where(eq(licenseAssignments.id, id))
      .limit(1)
      .for("update", { of: licenseAssignments });
    if (!current) throw notFound("Assignment");
    if (!current.assignment.isActive) {
      return toAssignmentResponse(current.assignment, current.licenseName, unusedAfterDays);
    }
    const [row] = await tx
      .update(licenseAssignments)
      .set({ isActive: false, deactivatedAt: new Date() })
      .where(eq(licenseAssignments.id, id))
      .returning();
    await recordActivity(tx, actor, {
      action: "unassign",
      area: "licenses",
      itemId: row!.licenseId,
      itemLabel: current.licenseName,
      detail: assignmentDetail(row!),
    });
    await queueHolderChange(
      tx,
      mail,
      { kind: "license_seat", name: current.licenseName },
      { from: row!.userId, to: null },
    );
    return toAssignmentResponse(row!, current.licenseName, unusedAfterDays);
  });
}
