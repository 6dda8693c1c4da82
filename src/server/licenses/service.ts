// Licenses: list (visibility, search, status filter, sort), detail, create, update, delete.
// The key is stored sealed, masked and blind-indexed (license-key.ts, server/lib/secrets).

import { and, count, eq, exists, gte, lte, type SQL, sql } from "drizzle-orm";
import { todayIso } from "../../domain/dates";
import {
  type CreateLicenseRequest,
  type LicenseListQuery,
  type LicenseResponse,
  licenseCursors,
  type UpdateLicenseRequest,
} from "../../domain/schemas/licenses";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { ActiveSession } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import { idIn } from "../db/id-list";
import { preparedStatement } from "../db/prepared";
import { licenseAssignments, licenses } from "../db/schema";
import { updateRow } from "../db/update-row";
import { conflict, notFound } from "../http/errors";
import { type PageCursors, selectKeysetPage } from "../lib/keyset";
import type { Secrets } from "../lib/secrets";
import { matchingIds } from "../lib/text-search";
import type { AssignmentMail } from "../mail/assignment-mail";
import { alertLowSeats } from "../notifications/seat-alerts";
import { canSeeLicense } from "./access";
import { licenseChanges } from "./license-activity";
import { keyContains, storedLicenseKey } from "./license-key";
import { type LicenseListRow, licenseListColumns, toLicenseResponse } from "./license-response";
import { licenseSorts, statusCondition, statusDayPlaceholders, statusDays } from "./list-query";
import { unusedSeatWhere } from "./unused-seats";

/** Active assignments per license, in one grouped query (all licenses when ids is omitted). */
export async function countActiveSeats(db: Executor, ids?: number[]) {
  if (ids && ids.length === 0) return new Map<number, number>();
  const rows = ids
    ? await preparedStatement(db, "qm_license_seats", () =>
        activeSeatsQuery(db, idIn(licenseAssignments.licenseId, sql.placeholder("ids"))),
      ).execute({ ids })
    : await activeSeatsQuery(db, undefined);
  return new Map(rows.map((row) => [row.licenseId, Number(row.seats)]));
}

/**
 * Active seats and, of them, unused ones (issue 33: unusedSeatWhere with UNUSED_AFTER_DAYS) per
 * license, in one grouped query (all licenses when ids is omitted).
 */
export async function countSeats(db: Executor, unusedAfterDays: number, ids?: number[]) {
  if (ids && ids.length === 0) return new Map<number, SeatCounts>();
  const rows = ids
    ? await preparedStatement(db, "qm_license_seat_counts", () =>
        seatCountsQuery(db, idIn(licenseAssignments.licenseId, sql.placeholder("ids"))),
      ).execute({ ids, unusedAfterDays })
    : await preparedStatement(db, "qm_license_seat_counts_all", () =>
        seatCountsQuery(db, undefined),
      ).execute({ unusedAfterDays });
  return new Map(
    rows.map((row) => [row.licenseId, { seats: Number(row.seats), unused: Number(row.unused) }]),
  );
}

export interface SeatCounts {
  seats: number;
  unused: number;
}
const NO_SEATS: SeatCounts = { seats: 0, unused: 0 };

const seatCountsQuery = (db: Executor, ofLicenses: SQL | undefined) =>
  db
    .select({
      licenseId: licenseAssignments.licenseId,
      seats: count(),
      unused: sql<number>`count(*) filter (where ${unusedSeatWhere(sql.placeholder("unusedAfterDays"))})`,
    })
    .from(licenseAssignments)
    .where(and(sql`${licenseAssignments.isActive}`, ofLicenses))
    .groupBy(licenseAssignments.licenseId);

const activeSeatsQuery = (db: Executor, ofLicenses: SQL | undefined) =>
  db
    .select({ licenseId: licenseAssignments.licenseId, seats: count() })
    .from(licenseAssignments)
    .where(and(sql`${licenseAssignments.isActive}`, ofLicenses))
    .groupBy(licenseAssignments.licenseId);

export async function findLicense(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(licenses).where(eq(licenses.id, id)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound("License");
  return row;
}

async function withSeats(
  db: Executor,
  rows: LicenseListRow[],
  unusedAfterDays: number,
): Promise<LicenseResponse[]> {
  // A long list is cheaper to count whole than to name row by row (and PostgreSQL caps a
  // statement at 65,535 parameters).
  const seats = await countSeats(
    db,
    unusedAfterDays,
    rows.length > 1000 ? undefined : rows.map((row) => row.id),
  );
  return rows.map((row) => toLicenseResponse(row, seats.get(row.id) ?? NO_SEATS));
}

/** What the list's search looks in besides the key; the name has a trigram index. */
export const licenseSearchColumns = [licenses.name];

export interface LicenseList {
  licenses: LicenseResponse[];
  /** Every row the conditions match, when a page was asked for (limit or offset); else null. */
  total: number | null;
  /** Where the page starts and ends (X-Prev-Cursor, X-Next-Cursor); null when empty. */
  cursors: PageCursors;
}

/**
 * Licenses the caller may see: every license for an administrator, otherwise (or when
 * `holderId` is given) only licenses with an active seat of that user. Filtered by status and
 * searched over name and key, ordered by the chosen key, all in the database but the key match.
 * With `limit`/`offset` only that page is read, and the matching rows are counted.
 */
export async function listLicenses(
  db: Db,
  secrets: Secrets,
  session: ActiveSession,
  query: LicenseListQuery & { unusedAfterDays: number },
  holderId?: number,
): Promise<LicenseList> {
  const ownerId = holderId ?? (session.user.role === "admin" ? undefined : session.user.id);
  // Low on seats and unused speak of every seat of a license, others' too, which an ordinary
  // user's answer never shows (userLicenseResponseSchema): for them the two filters do nothing.
  const byAdmin = session.user.role === "admin";
  const lowSeats = byAdmin && query.lowSeats === true;
  const unused = byAdmin && query.unused === true;
  // Every value is a placeholder: without a search the statement is one of a few shapes,
  // prepared once each (lib/paging.ts).
  const values = {
    ownerId,
    ...statusDays(query.today ?? todayIso()),
    expiryFrom: query.expiryFrom,
    expiryTo: query.expiryTo,
    unusedAfterDays: query.unusedAfterDays,
  };
  const conditions: (SQL | undefined)[] = [
    ownerId === undefined
      ? undefined
      : exists(
          db
            .select({ id: licenseAssignments.id })
            .from(licenseAssignments)
            .where(
              and(
                eq(licenseAssignments.licenseId, licenses.id),
                eq(licenseAssignments.userId, sql.placeholder("ownerId")),
                sql`${licenseAssignments.isActive}`,
              ),
            ),
        ),
    statusCondition(query.status, statusDayPlaceholders),
    // A range of expiry dates (the calendar feed's day links): the expiry index's leading column.
    query.expiryFrom === undefined
      ? undefined
      : gte(licenses.expiryDate, sql.placeholder("expiryFrom")),
    query.expiryTo === undefined
      ? undefined
      : lte(licenses.expiryDate, sql.placeholder("expiryTo")),
    // At or under their low-seat threshold: the flag the triggers keep, a partial index's rows.
    lowSeats ? sql`${licenses.lowSeats}` : undefined,
    // A license with any unused seat (issue 33).
    unused
      ? exists(
          db
            .select({ id: licenseAssignments.id })
            .from(licenseAssignments)
            .where(
              and(
                eq(licenseAssignments.licenseId, licenses.id),
                unusedSeatWhere(sql.placeholder("unusedAfterDays")),
              ),
            ),
        )
      : undefined,
  ];
  if (query.search) {
    // Keys are matched through their blind index, among the licenses the viewer may see (and
    // so reveal): a fragment never finds a key its searcher could not read.
    const visible = and(...conditions);
    const keyMatches = await keyContains(db, secrets, { where: visible, values }, query.search);
    // From the matches (the name's trigram index, the key's blind index or the ids it found),
    // not by walking the sort's index testing every row (lib/text-search.ts).
    conditions.push(matchingIds(licenses.id, licenseSearchColumns, query.search, keyMatches));
  }
  const where = and(...conditions);
  const page = await selectKeysetPage(db, {
    cursors: licenseCursors,
    sortName: query.sort,
    sort: licenseSorts[query.sort],
    order: query.order,
    query,
    from: licenses,
    where,
    bounds: query,
    // The order ends in the id, so consecutive pages neither repeat nor skip a row.
    select: (total, cursor, window) =>
      db
        .select({ license: licenseListColumns, cursor, total })
        .from(licenses)
        .where(window.where)
        .orderBy(...window.orderBy)
        .$dynamic(),
    idOf: (row) => row.license.id,
    statement: {
      list: "licenses",
      shape: query.search
        ? undefined
        : [
            ownerId === undefined ? "every" : "held",
            query.status,
            query.sort,
            query.expiryFrom === undefined ? "" : "from",
            query.expiryTo === undefined ? "" : "to",
            lowSeats ? "low" : "",
            unused ? "unused" : "",
          ].join(),
      values,
    },
  });
  return {
    licenses: await withSeats(
      db,
      page.rows.map((row) => row.license),
      values.unusedAfterDays,
    ),
    total: page.total,
    cursors: page.cursors,
  };
}

/** One license; 404 both when it does not exist and when the caller may not see it. */
export async function getLicenseFor(
  db: Db,
  session: ActiveSession,
  id: number,
  unusedAfterDays: number,
) {
  const row = await findLicense(db, id);
  if (!(await canSeeLicense(db, session, id))) throw notFound("License");
  const seats = await countSeats(db, unusedAfterDays, [id]);
  return toLicenseResponse(row, seats.get(id) ?? NO_SEATS);
}

export async function createLicense(
  db: Db,
  secrets: Secrets,
  input: CreateLicenseRequest,
  actor: ActivityActor,
  mail: AssignmentMail = null,
) {
  const { licenseKey, ...fields } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(licenses)
      .values({
        ...fields,
        username: fields.username ?? null,
        orderId: fields.orderId ?? null,
        purchaseDate: fields.purchaseDate ?? null,
        expiryDate: fields.expiryDate ?? null,
        paymentAmount: fields.paymentAmount ?? null,
        notes: fields.notes ?? null,
        ...storedLicenseKey(secrets, licenseKey),
      })
      .returning();
    await recordActivity(tx, actor, {
      action: "create",
      area: "licenses",
      itemId: row!.id,
      itemLabel: row!.name,
      changes: licenseChanges(null, row!),
    });
    // A threshold at or over the seats is low from the start: that is a crossing too.
    await alertLowSeats(tx, mail, { licenseIds: [row!.id] });
    return toLicenseResponse(row!, NO_SEATS);
  });
}

export async function updateLicense(
  db: Db,
  secrets: Secrets,
  id: number,
  input: UpdateLicenseRequest,
  actor: ActivityActor,
  unusedAfterDays: number,
  mail: AssignmentMail = null,
) {
  const { licenseKey, ...fields } = input;
  return db.transaction(async (tx) => {
    // The lock orders this against concurrent assignments: seats cannot be taken in between.
    const before = await findLicense(tx, id, { lock: true });
    const used = (await countActiveSeats(tx, [id])).get(id) ?? 0;
    if (fields.totalSeats !== undefined && fields.totalSeats < used) {
      const message = `Total seats cannot be fewer than the ${used} seats currently assigned`;
      throw conflict("SEATS_BELOW_ASSIGNED", message, [{ path: "totalSeats", message }]);
    }
    const row = await updateRow(tx, licenses, eq(licenses.id, id), before, {
      ...fields,
      ...(licenseKey ? storedLicenseKey(secrets, licenseKey) : {}),
    });
    const changes = licenseChanges(before, row);
    if (changes) {
      await recordActivity(tx, actor, {
        action: "update",
        area: "licenses",
        itemId: id,
        itemLabel: row.name,
        changes,
      });
    }
    // Fewer seats, or a higher threshold, can bring the license to its threshold.
    await alertLowSeats(tx, mail, { licenseIds: [id] });
    const counts = (await countSeats(tx, unusedAfterDays, [id])).get(id) ?? NO_SEATS;
    return toLicenseResponse(row, counts);
  });
}

export async function deleteLicense(db: Db, id: number, actor: ActivityActor) {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(licenses).where(eq(licenses.id, id)).returning();
    if (!deleted) throw notFound("License");
    await recordActivity(tx, actor, {
      action: "delete",
      area: "licenses",
      itemId: id,
      itemLabel: deleted.name,
      changes: licenseChanges(deleted, null),
    });
  });
}
