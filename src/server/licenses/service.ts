// Licenses: list (visibility, search, status filter, sort), detail, create, update, delete.
// The key is stored only as AES-256-GCM ciphertext plus its masked form.
import { and, count, eq, exists, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { todayIso } from "../../domain/dates";
import { maskSecret } from "../../domain/masking";
import type {
  CreateLicenseRequest,
  LicenseDto,
  LicenseListQuery,
  UpdateLicenseRequest,
} from "../../domain/schemas/licenses";
import type { ActiveSession } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import { licenseAssignments, licenses } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import type { SecretBox } from "../lib/secret-box";
import { canSeeLicense } from "./access";
import { type LicenseRow, toLicenseDto } from "./license-dto";
import { containsPattern, listOrder, statusCondition } from "./list-query";

/** Active assignments per license, in one grouped query (all licenses when ids is omitted). */
export async function countActiveSeats(db: Executor, ids?: number[]) {
  if (ids && ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ licenseId: licenseAssignments.licenseId, seats: count() })
    .from(licenseAssignments)
    .where(
      and(
        eq(licenseAssignments.isActive, true),
        ids ? inArray(licenseAssignments.licenseId, ids) : undefined,
      ),
    )
    .groupBy(licenseAssignments.licenseId);
  return new Map(rows.map((row) => [row.licenseId, Number(row.seats)]));
}

export async function findLicense(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(licenses).where(eq(licenses.id, id)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound("License");
  return row;
}

async function withSeats(db: Executor, rows: LicenseRow[]): Promise<LicenseDto[]> {
  // A long list is cheaper to count whole than to name row by row (and PostgreSQL caps a
  // statement at 65,535 parameters).
  const seats = await countActiveSeats(
    db,
    rows.length > 1000 ? undefined : rows.map((row) => row.id),
  );
  return rows.map((row) => toLicenseDto(row, seats.get(row.id) ?? 0));
}

/**
 * Ids of the licenses (among those the conditions allow) whose key contains the search text.
 * Keys exist only as ciphertext, so they are decrypted here, in memory, and never leave this
 * function; the caller has already limited the rows to licenses the viewer may reveal.
 */
async function idsWithKeyContaining(
  db: Db,
  secrets: SecretBox,
  conditions: (SQL | undefined)[],
  needle: string,
): Promise<number[]> {
  const rows = await db
    .select({ id: licenses.id, ciphertext: licenses.licenseKeyCiphertext })
    .from(licenses)
    .where(and(...conditions));
  return rows
    .filter((row) => secrets.decrypt(row.ciphertext).toLowerCase().includes(needle))
    .map((row) => row.id);
}

export interface LicenseList {
  licenses: LicenseDto[];
  /** Every row the conditions match, when a page was asked for (limit or offset); else null. */
  total: number | null;
}

/**
 * Licenses the caller may see: every license for an administrator, otherwise (or when
 * `holderId` is given) only licenses with an active seat of that user. Filtered by status and
 * searched over name and key, ordered by the chosen key, all in the database but the key match.
 * With `limit`/`offset` only that page is read, and the matching rows are counted.
 */
export async function listLicenses(
  db: Db,
  secrets: SecretBox,
  session: ActiveSession,
  query: LicenseListQuery,
  holderId?: number,
): Promise<LicenseList> {
  const ownerId = holderId ?? (session.user.role === "admin" ? undefined : session.user.id);
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
                eq(licenseAssignments.userId, ownerId),
                eq(licenseAssignments.isActive, true),
              ),
            ),
        ),
    statusCondition(query.status, query.today ?? todayIso()),
  ];
  if (query.search) {
    const keyIds = await idsWithKeyContaining(db, secrets, conditions, query.search.toLowerCase());
    const nameMatches = ilike(licenses.name, containsPattern(query.search));
    // One array parameter, not one parameter per id: a fragment every key shares matches every
    // row, and PostgreSQL refuses a statement with more than 65,535 parameters.
    const keyMatches = sql`${licenses.id} = any(${sql.param(keyIds)}::integer[])`;
    conditions.push(keyIds.length > 0 ? or(nameMatches, keyMatches) : nameMatches);
  }
  const where = and(...conditions);
  let rows = db
    .select()
    .from(licenses)
    .where(where)
    .orderBy(...listOrder(query))
    .$dynamic();
  const paged = query.limit !== undefined || query.offset !== undefined;
  if (!paged) return { licenses: await withSeats(db, await rows), total: null };

  // The order ends in the id, so consecutive pages neither repeat nor skip a row.
  if (query.limit !== undefined) rows = rows.limit(query.limit);
  if (query.offset) rows = rows.offset(query.offset);
  const [page, [counted]] = await Promise.all([
    rows,
    db.select({ total: count() }).from(licenses).where(where),
  ]);
  return { licenses: await withSeats(db, page), total: Number(counted?.total ?? 0) };
}

/** One license; 404 both when it does not exist and when the caller may not see it. */
export async function getLicenseFor(db: Db, session: ActiveSession, id: number) {
  const row = await findLicense(db, id);
  if (!(await canSeeLicense(db, session, id))) throw notFound("License");
  const seats = await countActiveSeats(db, [id]);
  return toLicenseDto(row, seats.get(id) ?? 0);
}

export async function createLicense(db: Db, secrets: SecretBox, input: CreateLicenseRequest) {
  const { licenseKey, ...fields } = input;
  const [row] = await db
    .insert(licenses)
    .values({
      ...fields,
      username: fields.username ?? null,
      orderId: fields.orderId ?? null,
      purchaseDate: fields.purchaseDate ?? null,
      expiryDate: fields.expiryDate ?? null,
      paymentAmount: fields.paymentAmount ?? null,
      notes: fields.notes ?? null,
      licenseKeyCiphertext: secrets.encrypt(licenseKey),
      licenseKeyMasked: maskSecret(licenseKey),
    })
    .returning();
  return toLicenseDto(row!, 0);
}

export async function updateLicense(
  db: Db,
  secrets: SecretBox,
  id: number,
  input: UpdateLicenseRequest,
) {
  const { licenseKey, ...fields } = input;
  return db.transaction(async (tx) => {
    // The lock orders this against concurrent assignments: seats cannot be taken in between.
    await findLicense(tx, id, { lock: true });
    const used = (await countActiveSeats(tx, [id])).get(id) ?? 0;
    if (fields.totalSeats !== undefined && fields.totalSeats < used) {
      const message = `Total seats cannot be fewer than the ${used} seats currently assigned`;
      throw conflict(message, [{ path: "totalSeats", message }]);
    }
    const [row] = await tx
      .update(licenses)
      .set({
        ...fields,
        ...(licenseKey
          ? {
              licenseKeyCiphertext: secrets.encrypt(licenseKey),
              licenseKeyMasked: maskSecret(licenseKey),
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(licenses.id, id))
      .returning();
    return toLicenseDto(row!, used);
  });
}

export async function deleteLicense(db: Db, id: number) {
  const deleted = await db
    .delete(licenses)
    .where(eq(licenses.id, id))
    .returning({ id: licenses.id });
  if (deleted.length === 0) throw notFound("License");
}
