// SCIM Users (RFC 7644 §3.3–3.6) over the users table. Safe by default (decision 0060): SCIM sees
// and changes only people it created or linked (users.scim_managed); an existing person with the
// same e-mail is linked on create only with SCIM_ADOPT_BY_EMAIL=true. SCIM never sets a role:
// people it creates are users. Every change is logged as the SCIM token's.
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import { recordActivity } from "../activity/record";
import type { Db } from "../db/client";
import { scimHeldOffboardings, users } from "../db/schema";
import { inputErrorOf } from "../http/database-errors";
import { type ScimCaller, scimActor, scimDetail } from "./caller";
import { deprovision } from "./deprovision";
import { ScimError } from "./errors";
import type { UserFilter } from "./filter";
import { applyPatch, type PatchRequest } from "./patch";
import { fieldsOf, type ScimObject, type ScimUserFields, type UserRow } from "./user-resource";

const MAX_PAGE = 200;

const notFoundUser = () => new ScimError(404, "User not found");

function fieldsOrRefuse(resource: ScimObject): ScimUserFields {
  const fields = fieldsOf(resource);
  if (typeof fields === "string") throw new ScimError(400, fields, "invalidValue");
  return fields;
}

/** A duplicate userName raced in by another request or instance: SCIM's 409 uniqueness. */
function uniquenessOf(error: unknown): never {
  if (inputErrorOf(error)?.status === 409) {
    throw new ScimError(409, "A user with this userName already exists", "uniqueness");
  }
  throw error;
}

export async function findManagedUser(db: Db, id: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.scimManaged, true)));
  if (!row) throw notFoundUser();
  return row;
}

const columnsOf = (fields: ScimUserFields) => ({
  username: fields.userName,
  scimExternalId: fields.externalId,
  fullName: fields.fullName,
  email: fields.email,
  department: fields.department,
});

export async function createScimUser(
  db: Db,
  resource: ScimObject,
  caller: ScimCaller,
  adoptByEmail: boolean,
): Promise<UserRow> {
  const fields = fieldsOrRefuse(resource);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${fields.userName})`);
      const adoptable =
        adoptByEmail && fields.email
          ? (
              await tx
                .select()
                .from(users)
                .where(
                  and(
                    sql`lower(${users.email}) = lower(${fields.email})`,
                    eq(users.scimManaged, false),
                  ),
                )
                .limit(2)
            ).filter((row) => !taken || row.id === taken.id)
          : [];
      if (adoptable.length === 1) {
        const [linked] = await tx
          .update(users)
          .set({ ...columnsOf(fields), scimManaged: true, updatedAt: new Date() })
          .where(eq(users.id, adoptable[0]!.id))
          .returning();
        await recordActivity(tx, scimActor(caller), {
          action: "update",
          area: "users",
          itemId: linked!.id,
          itemLabel: linked!.username,
          detail: { ...scimDetail(caller), linkedByEmail: true },
        });
        return linked!;
      }
      if (taken) throw new ScimError(409, "A user with this userName already exists", "uniqueness");
      const [created] = await tx
        .insert(users)
        .values({
          ...columnsOf(fields),
          isActive: fields.active,
          role: "user",
          scimManaged: true,
        })
        .returning();
      await recordActivity(tx, scimActor(caller), {
        action: "create",
        area: "users",
        itemId: created!.id,
        itemLabel: created!.username,
        detail: scimDetail(caller),
      });
      return created!;
    });
  } catch (error) {
    if (error instanceof ScimError) throw error;
    return uniquenessOf(error);
  }
}

export async function listScimUsers(
  db: Db,
  filter: UserFilter | null,
  startIndex: number,
  pageSize: number,
): Promise<{ total: number; rows: UserRow[] }> {
  const conditions: SQL[] = [eq(users.scimManaged, true)];
  if (filter?.attribute === "userName") {
    conditions.push(sql`lower(${users.username}) = lower(${filter.value})`);
  } else if (filter?.attribute === "externalId") {
    conditions.push(eq(users.scimExternalId, filter.value));
  } else if (filter?.attribute === "email") {
    conditions.push(sql`lower(${users.email}) = lower(${filter.value})`);
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows =
    pageSize === 0
      ? []
      : await db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.id))
          .offset(startIndex - 1)
          .limit(Math.min(pageSize, MAX_PAGE));
  return { total: total?.n ?? 0, rows };
}

/** A replace (PUT) or the result of a patch: the kept attributes set, then (de)activation. */
async function saveScimUser(db: Db, id: number, fields: ScimUserFields, caller: ScimCaller) {
  let deactivate = false;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.scimManaged, true)))
        .for("update");
      if (!before) throw notFoundUser();
      const columns = columnsOf(fields);
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      for (const [key, value] of Object.entries(columns)) {
        const old = before[key as keyof typeof columns];
        if (old !== value) changes[key] = { before: old, after: value };
      }
      // Re-activation restores sign-in only: nothing released comes back; a held review ends.
      const reactivate = fields.active && !before.isActive;
      if (reactivate) {
        changes.isActive = { before: false, after: true };
        await tx.delete(scimHeldOffboardings).where(eq(scimHeldOffboardings.userId, id));
      }
      deactivate = !fields.active && before.isActive;
      if (Object.keys(changes).length === 0) return;
      await tx
        .update(users)
        .set({ ...columns, ...(reactivate ? { isActive: true } : {}), updatedAt: new Date() })
        .where(eq(users.id, id));
      await recordActivity(tx, scimActor(caller), {
        action: "update",
        area: "users",
        itemId: id,
        itemLabel: fields.userName,
        changes,
        detail: scimDetail(caller),
      });
    });
  } catch (error) {
    if (error instanceof ScimError) throw error;
    uniquenessOf(error);
  }
  if (deactivate) await deprovision(db, id, caller);
  return findManagedUser(db, id);
}

export const replaceScimUser = (db: Db, id: number, resource: ScimObject, caller: ScimCaller) =>
  saveScimUser(db, id, fieldsOrRefuse(resource), caller);

export async function patchScimUser(
  db: Db,
  id: number,
  current: ScimObject,
  request: PatchRequest,
  caller: ScimCaller,
) {
  return saveScimUser(db, id, fieldsOrRefuse(applyPatch(current, request)), caller);
}

/**
 * DELETE: the person is deprovisioned (as active false) and unlinked, so SCIM answers 404 for
 * them from now on; the record stays for the history of what they held (decision 0060).
 */
export async function deleteScimUser(db: Db, id: number, caller: ScimCaller) {
  const row = await findManagedUser(db, id);
  if (row.isActive) await deprovision(db, id, caller);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ scimManaged: false, scimExternalId: null, updatedAt: new Date() })
      .where(eq(users.id, id));
    await recordActivity(tx, scimActor(caller), {
      action: "delete",
      area: "users",
      itemId: id,
      itemLabel: row.username,
      changes: { scimManaged: { before: true, after: false } },
      detail: { ...scimDetail(caller), kept: "deactivated and unlinked from SCIM" },
    });
  });
}
