// G Suite organizations: the domains accounts live on. The first one created is the default,
// which quick and bulk assignment use (spec part 2, section 9: 'the first (primary) domain').
// Each change is recorded in the activity log (area gsuite_organizations) in its own transaction.
import { asc, count, eq, sql } from "drizzle-orm";
import { changesBetween } from "../../domain/activity";
import type {
  CreateOrganizationRequest,
  OrganizationResponse,
  UpdateOrganizationRequest,
} from "../../domain/schemas/gsuite";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Db, Executor } from "../db/client";
import { isUniqueViolation } from "../db/driver-errors";
import { gsuiteAccounts, gsuiteOrganizations } from "../db/schema";
import { updateRow } from "../db/update-row";
import { conflict, notFound } from "../http/errors";
import { WITHOUT_KEPT_COUNTS } from "./kept-counts";

type OrganizationRow = typeof gsuiteOrganizations.$inferSelect;

export const DUPLICATE_DOMAIN = "An organization with this domain already exists";
const duplicateDomain = () =>
  conflict("DUPLICATE_RECORD", DUPLICATE_DOMAIN, [{ path: "domain", message: DUPLICATE_DOMAIN }]);

/**
 * An organization's change in the activity log, labelled with its domain: unique, and what the
 * accounts' own records name their organization by. An edit that changed nothing (the same name
 * sent again) records nothing.
 */
async function logOrganization(
  tx: Executor,
  actor: ActivityActor,
  action: "create" | "update" | "delete",
  before: OrganizationRow | null,
  after: OrganizationRow | null,
) {
  const changes = changesBetween(before, after, WITHOUT_KEPT_COUNTS);
  if (!changes) return;
  const row = (after ?? before)!;
  await recordActivity(tx, actor, {
    action,
    area: "gsuite_organizations",
    itemId: row.id,
    itemLabel: row.domain,
    changes,
  });
}

const toResponse = (
  row: OrganizationRow,
  defaultId: number | undefined,
  accountCount: number,
): OrganizationResponse => ({
  id: row.id,
  name: row.name,
  domain: row.domain,
  description: row.description,
  isDefault: row.id === defaultId,
  accountCount,
  createdAt: row.createdAt.toISOString(),
});

/** The default organization (the first created), or undefined when there is none yet. */
export async function findDefaultOrganization(db: Executor) {
  const [row] = await db
    .select()
    .from(gsuiteOrganizations)
    .orderBy(asc(gsuiteOrganizations.id))
    .limit(1);
  return row;
}

export async function findOrganization(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(gsuiteOrganizations)
    .where(eq(gsuiteOrganizations.id, id))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound("Organization");
  return row;
}

export async function findOrganizationByDomain(db: Executor, domain: string) {
  const [row] = await db
    .select()
    .from(gsuiteOrganizations)
    .where(sql`lower(${gsuiteOrganizations.domain}) = ${domain.toLowerCase()}`)
    .limit(1);
  return row;
}

/**
 * Every organization, oldest (the default) first, each with its number of accounts: the count
 * the triggers of migration 0039 keep, so the list does not count every account each time.
 */
export async function listOrganizations(db: Db): Promise<OrganizationResponse[]> {
  const rows = await db.select().from(gsuiteOrganizations).orderBy(asc(gsuiteOrganizations.id));
  const defaultId = rows[0]?.id;
  return rows.map((row) => toResponse(row, defaultId, row.accountCount));
}

async function respond(db: Executor, row: OrganizationRow) {
  const [defaultRow, [used]] = await Promise.all([
    findDefaultOrganization(db),
    db
      .select({ accounts: count() })
      .from(gsuiteAccounts)
      .where(eq(gsuiteAccounts.organizationId, row.id)),
  ]);
  return toResponse(row, defaultRow?.id, Number(used?.accounts ?? 0));
}

/** One organization as the list shows it (default flag, number of accounts). */
export async function getOrganization(db: Db, id: number): Promise<OrganizationResponse> {
  return respond(db, await findOrganization(db, id));
}

export async function createOrganization(
  db: Db,
  input: CreateOrganizationRequest,
  actor: ActivityActor,
) {
  if (await findOrganizationByDomain(db, input.domain)) throw duplicateDomain();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(gsuiteOrganizations)
        .values({ name: input.name, domain: input.domain, description: input.description ?? null })
        .returning();
      await logOrganization(tx, actor, "create", null, row!);
      return respond(tx, row!);
    });
  } catch (error) {
    // Two concurrent adds of one domain: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw duplicateDomain();
    throw error;
  }
}

const accountsUsing = (n: number) => (n === 1 ? "1 account uses it" : `${n} accounts use it`);

export async function updateOrganization(
  db: Db,
  id: number,
  input: UpdateOrganizationRequest,
  actor: ActivityActor,
) {
  try {
    return await db.transaction(async (tx) => {
      const current = await findOrganization(tx, id, { lock: true });
      const domainChanges =
        input.domain !== undefined && input.domain !== current.domain.toLowerCase();
      if (domainChanges) {
        const other = await findOrganizationByDomain(tx, input.domain!);
        if (other && other.id !== id) throw duplicateDomain();
        // Every account's address must stay on its organization's domain.
        const [used] = await tx
          .select({ accounts: count() })
          .from(gsuiteAccounts)
          .where(eq(gsuiteAccounts.organizationId, id));
        const n = Number(used?.accounts ?? 0);
        if (n > 0) {
          const message = `The domain cannot change while ${accountsUsing(n)}`;
          throw conflict("STILL_REFERENCED", message, [{ path: "domain", message }]);
        }
      }
      const row = await updateRow(
        tx,
        gsuiteOrganizations,
        eq(gsuiteOrganizations.id, id),
        current,
        { name: input.name, domain: input.domain, description: input.description },
      );
      await logOrganization(tx, actor, "update", current, row);
      return respond(tx, row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateDomain();
    throw error;
  }
}

/** Refused (409, naming how many) while any account is on the organization. */
export async function deleteOrganization(db: Db, id: number, actor: ActivityActor) {
  await db.transaction(async (tx) => {
    const organization = await findOrganization(tx, id, { lock: true });
    const [used] = await tx
      .select({ accounts: count() })
      .from(gsuiteAccounts)
      .where(eq(gsuiteAccounts.organizationId, id));
    const n = Number(used?.accounts ?? 0);
    if (n > 0) {
      throw conflict(
        "STILL_REFERENCED",
        `This organization cannot be deleted: ${accountsUsing(n)}`,
      );
    }
    await tx.delete(gsuiteOrganizations).where(eq(gsuiteOrganizations.id, id));
    await logOrganization(tx, actor, "delete", organization, null);
  });
}
