// SCIM Groups (RFC 7643 §4.2, RFC 7644 §3.3–3.6), for membership in the administrators' groups
// (decision 0059): an identity provider pushes its groups with their members (people SCIM manages),
// and a group whose displayName (or externalId) is one of OIDC_ADMIN_GROUPS makes its members
// administrators;
// leaving every such group makes them users again. The same rule as the OIDC sign-in's
// (users/group-role.ts), the last active administrator included. Other groups are kept, with
// their members, and change nothing.
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { recordActivity } from "../activity/record";
import type { Db, Executor } from "../db/client";
import { isUniqueViolation } from "../db/driver-errors";
import { scimGroupMembers, scimGroups, users } from "../db/schema";
import { applyGroupRole, roleOfGroups } from "../users/group-role";
import { type ScimCaller, scimActor, scimDetail } from "./caller";
import { ScimError } from "./errors";
import type { PatchRequest } from "./patch";
import type { ScimObject } from "./user-resource";

export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";

type GroupRow = typeof scimGroups.$inferSelect;

export interface GroupState {
  displayName: string;
  externalId: string | null;
  members: number[];
}

export interface GroupOptions {
  /** OIDC_ADMIN_GROUPS, or null: then memberships change no role. */
  adminGroups: readonly string[] | null;
}

const notFoundGroup = () => new ScimError(404, "Group not found");

const memberSchema = z.object({ value: z.union([z.string(), z.number()]) }).passthrough();
const membersSchema = z.array(memberSchema).max(10_000);

function memberIds(value: unknown): number[] {
  const parsed = membersSchema.safeParse(value ?? []);
  if (!parsed.success)
    throw new ScimError(400, "members must be a list of {value}", "invalidValue");
  return parsed.data.map((member) => {
    const id = Number(member.value);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
      throw new ScimError(400, `Member ${String(member.value)} is not a user`, "invalidValue");
    }
    return id;
  });
}

const text = (value: unknown, name: string): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string")
    throw new ScimError(400, `${name} must be a string`, "invalidValue");
  return value.trim() === "" ? null : value.trim();
};

/** The attributes kept from a POST or PUT body. */
export function groupStateOf(resource: ScimObject): GroupState {
  const displayName = text(resource.displayName, "displayName");
  if (!displayName) throw new ScimError(400, "displayName is required", "invalidValue");
  if (displayName.length > 256) throw new ScimError(400, "displayName is too long", "invalidValue");
  return {
    displayName,
    externalId: text(resource.externalId, "externalId"),
    members: [...new Set(memberIds(resource.members))],
  };
}

const MEMBER_FILTER = /^members\[\s*value\s+eq\s+"((?:[^"\\]|\\.)*)"\s*\]$/i;

/** A PATCH's operations applied to a group's attributes (as Entra ID and Okta send them). */
export function applyGroupPatch(state: GroupState, request: PatchRequest): GroupState {
  let next: GroupState = { ...state, members: [...state.members] };
  const set = (name: string, value: unknown) => {
    const lower = name.toLowerCase();
    if (lower === "displayname") {
      next = { ...next, displayName: groupStateOf({ displayName: value }).displayName };
    } else if (lower === "externalid") {
      next = { ...next, externalId: text(value, "externalId") };
    } else if (lower === "members") {
      next = { ...next, members: [...new Set(memberIds(value))] };
    } else if (lower !== "id" && lower !== "schemas" && lower !== "meta") {
      throw new ScimError(400, `Path ${name} is not supported`, "invalidPath");
    }
  };
  for (const operation of request.Operations) {
    const op = operation.op.toLowerCase();
    const path = operation.path?.trim();
    const filtered = path ? MEMBER_FILTER.exec(path) : null;
    if (filtered) {
      if (op !== "remove")
        throw new ScimError(400, "Only remove takes a member filter", "invalidPath");
      const id = Number(filtered[1]);
      next = { ...next, members: next.members.filter((member) => member !== id) };
    } else if (path?.toLowerCase() === "members" && op === "add") {
      next = { ...next, members: [...new Set([...next.members, ...memberIds(operation.value)])] };
    } else if (path?.toLowerCase() === "members" && op === "remove") {
      // With a value, those members (Entra ID); without, all of them (RFC 7644 §3.5.2.2).
      const removed = new Set(
        operation.value === undefined ? next.members : memberIds(operation.value),
      );
      next = { ...next, members: next.members.filter((member) => !removed.has(member)) };
    } else if (op === "remove") {
      if (!path) throw new ScimError(400, "remove needs a path", "noTarget");
      if (path.toLowerCase() === "displayname") {
        throw new ScimError(400, "displayName is required", "mutability");
      }
      set(path, undefined);
    } else if (path) {
      set(path, operation.value);
    } else {
      if (typeof operation.value !== "object" || operation.value === null) {
        throw new ScimError(
          400,
          "An operation without a path needs an object value",
          "invalidValue",
        );
      }
      for (const [name, value] of Object.entries(operation.value)) {
        if (name.toLowerCase() === "members" && op === "add") {
          next = { ...next, members: [...new Set([...next.members, ...memberIds(value)])] };
        } else {
          set(name, value);
        }
      }
    }
  }
  return next;
}

export async function toScimGroup(
  db: Executor,
  row: GroupRow,
  baseUrl: string,
  withMembers = true,
) {
  const members = withMembers
    ? await db
        .select({ id: users.id, username: users.username })
        .from(scimGroupMembers)
        .innerJoin(users, eq(users.id, scimGroupMembers.userId))
        .where(eq(scimGroupMembers.groupId, row.id))
        .orderBy(asc(users.id))
    : null;
  return {
    schemas: [GROUP_SCHEMA],
    id: String(row.id),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    ...(members
      ? {
          members: members.map((member) => ({
            value: String(member.id),
            display: member.username,
            $ref: `${baseUrl}/scim/v2/Users/${member.id}`,
            type: "User",
          })),
        }
      : {}),
    meta: {
      resourceType: "Group",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${baseUrl}/scim/v2/Groups/${row.id}`,
    },
  };
}

export type GroupFilter = { attribute: "displayName" | "externalId"; value: string };

const GROUP_EQUALITY = /^\s*(displayName|externalId)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

export function parseGroupFilter(filter: string | undefined): GroupFilter | null {
  if (filter === undefined || filter.trim() === "") return null;
  const match = GROUP_EQUALITY.exec(filter);
  if (!match) {
    throw new ScimError(
      400,
      "Only displayName eq and externalId eq are supported",
      "invalidFilter",
    );
  }
  const value = match[2]!.replace(/\\(.)/g, "$1");
  return {
    attribute: match[1]!.toLowerCase() === "displayname" ? "displayName" : "externalId",
    value,
  };
}

export async function findGroup(db: Executor, id: number): Promise<GroupRow> {
  const [row] = await db.select().from(scimGroups).where(eq(scimGroups.id, id));
  if (!row) throw notFoundGroup();
  return row;
}

export async function groupStateFor(db: Executor, row: GroupRow): Promise<GroupState> {
  const members = await db
    .select({ userId: scimGroupMembers.userId })
    .from(scimGroupMembers)
    .where(eq(scimGroupMembers.groupId, row.id));
  return {
    displayName: row.displayName,
    externalId: row.externalId,
    members: members.map((member) => member.userId),
  };
}

export async function listScimGroups(
  db: Db,
  filter: GroupFilter | null,
  startIndex: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  if (filter?.attribute === "displayName") {
    conditions.push(sql`lower(${scimGroups.displayName}) = lower(${filter.value})`);
  } else if (filter?.attribute === "externalId") {
    conditions.push(eq(scimGroups.externalId, filter.value));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(scimGroups).where(where);
  const rows =
    pageSize === 0
      ? []
      : await db
          .select()
          .from(scimGroups)
          .where(where)
          .orderBy(asc(scimGroups.id))
          .limit(pageSize)
          .offset(startIndex - 1);
  return { total: total?.n ?? 0, rows };
}

/** Members must be people SCIM manages: SCIM changes no one else (decision 0060). */
async function assertManagedMembers(tx: Executor, ids: number[]) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.scimManaged, true)));
  const known = new Set(found.map((row) => row.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) {
    throw new ScimError(400, `Member ${unknown} is not a user provisioned by SCIM`, "invalidValue");
  }
}

/** Each touched person's role by the groups they are in now, in id order (the rows locked first). */
async function settleRoles(
  tx: Executor,
  userIds: Iterable<number>,
  options: GroupOptions,
  caller: ScimCaller,
) {
  const { adminGroups } = options;
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (!adminGroups || ids.length === 0) return;
  // Locked before the memberships are read: a concurrent change to the same people waits and then
  // reads this one's memberships, so the last to commit decides by both.
  const people = await tx
    .select()
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.scimManaged, true)))
    .orderBy(asc(users.id))
    .for("update");
  for (const person of people) {
    const groups = await tx
      .select({ displayName: scimGroups.displayName, externalId: scimGroups.externalId })
      .from(scimGroupMembers)
      .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
      .where(eq(scimGroupMembers.userId, person.id));
    await applyGroupRole(
      tx,
      person,
      // By name or by the provider's id for it: Entra ID's ID tokens name groups by object id,
      // which is the externalId it gives the group here, so one OIDC_ADMIN_GROUPS fits both.
      roleOfGroups(
        groups.flatMap((group) => [
          group.displayName,
          ...(group.externalId ? [group.externalId] : []),
        ]),
        adminGroups,
      ),
      scimActor(caller),
      { ...scimDetail(caller), rule: "oidc_admin_groups" },
    );
  }
}

const uniqueness = () =>
  new ScimError(409, "A group with this displayName already exists", "uniqueness");

async function writeMembers(tx: Executor, groupId: number, before: number[], after: number[]) {
  const removed = before.filter((id) => !after.includes(id));
  const added = after.filter((id) => !before.includes(id));
  if (removed.length > 0) {
    await tx
      .delete(scimGroupMembers)
      .where(and(eq(scimGroupMembers.groupId, groupId), inArray(scimGroupMembers.userId, removed)));
  }
  if (added.length > 0) {
    await tx
      .insert(scimGroupMembers)
      .values(added.map((userId) => ({ groupId, userId })))
      .onConflictDoNothing();
  }
}

const logGroup = (
  tx: Executor,
  caller: ScimCaller,
  action: "create" | "update" | "delete",
  row: GroupRow,
  members: number,
) =>
  recordActivity(tx, scimActor(caller), {
    action,
    area: "scim",
    itemId: row.id,
    itemLabel: `Group ${row.displayName}`,
    detail: { ...scimDetail(caller), scimGroup: { id: row.id, members } },
  });

export async function createScimGroup(
  db: Db,
  state: GroupState,
  caller: ScimCaller,
  options: GroupOptions,
): Promise<GroupRow> {
  try {
    return await db.transaction(async (tx) => {
      await assertManagedMembers(tx, state.members);
      const [row] = await tx
        .insert(scimGroups)
        .values({ displayName: state.displayName, externalId: state.externalId })
        .returning();
      await writeMembers(tx, row!.id, [], state.members);
      await logGroup(tx, caller, "create", row!, state.members.length);
      await settleRoles(tx, state.members, options, caller);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueness();
    throw error;
  }
}

/** PUT and PATCH: the group becomes `next` (computed from its state read in the transaction). */
export async function updateScimGroup(
  db: Db,
  id: number,
  nextOf: (current: GroupState) => GroupState,
  caller: ScimCaller,
  options: GroupOptions,
): Promise<GroupRow> {
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(scimGroups)
        .where(eq(scimGroups.id, id))
        .for("update");
      if (!locked) throw notFoundGroup();
      const current = await groupStateFor(tx, locked);
      const next = nextOf(current);
      await assertManagedMembers(
        tx,
        next.members.filter((member) => !current.members.includes(member)),
      );
      const [row] = await tx
        .update(scimGroups)
        .set({ displayName: next.displayName, externalId: next.externalId, updatedAt: new Date() })
        .where(eq(scimGroups.id, id))
        .returning();
      await writeMembers(tx, id, current.members, next.members);
      await logGroup(tx, caller, "update", row!, next.members.length);
      // A rename changes what every member's group means; otherwise only who joined or left.
      const renamed =
        current.displayName !== next.displayName || current.externalId !== next.externalId;
      const touched = renamed
        ? [...current.members, ...next.members]
        : [
            ...current.members.filter((member) => !next.members.includes(member)),
            ...next.members.filter((member) => !current.members.includes(member)),
          ];
      await settleRoles(tx, touched, options, caller);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueness();
    throw error;
  }
}

export async function deleteScimGroup(
  db: Db,
  id: number,
  caller: ScimCaller,
  options: GroupOptions,
) {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(scimGroups).where(eq(scimGroups.id, id)).for("update");
    if (!locked) throw notFoundGroup();
    const { members } = await groupStateFor(tx, locked);
    await tx.delete(scimGroups).where(eq(scimGroups.id, id));
    await logGroup(tx, caller, "delete", locked, members.length);
    await settleRoles(tx, members, options, caller);
  });
}
