// Users: queries and the rules that keep the organisation manageable (unique usernames, at least
// one active administrator, sessions ended when a user is deactivated or their password changes).
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import { changesBetween } from "../../domain/activity";
import {
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserListQuery,
  userCursors,
} from "../../domain/schemas/users";
import { type ActivityActor, recordActivity } from "../activity/record";
import { recordAccountChange } from "../auth/account-activity";
import { hashPassword } from "../auth/passwords";
import { announceSessionChange, deleteUserSessions } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import { isUniqueViolation } from "../db/driver-errors";
import { isoTimestamp } from "../db/iso-timestamp";
import { preparedStatement } from "../db/prepared";
import { licenseAssignments, users } from "../db/schema";
import { updateRow } from "../db/update-row";
import { conflict, notFound } from "../http/errors";
import { keysetOrder, keysetSort, selectKeysetPage } from "../lib/keyset";
import { matchingIds } from "../lib/text-search";
import { releaseHardwareAndAccounts } from "./holdings";
import { toUserResponse } from "./user-response";

const usernameTaken = () =>
  conflict("DUPLICATE_USERNAME", "Username already exists", [
    { path: "username", message: "Username already exists" },
  ]);

async function assertUsernameFree(db: Executor, username: string, exceptId?: number) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (existing) throw usernameTaken();
}

/**
 * Refuses a change that would leave no active administrator. Locks every active administrator row
 * first, so two concurrent demotions cannot both see "another admin remains".
 */
export async function assertAnotherActiveAdmin(tx: Executor, userId: number) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .for("update");
  if (!admins.some((admin) => admin.id !== userId)) {
    throw conflict("LAST_ADMIN", "There must be at least one active administrator");
  }
}

/**
 * What a list returns of a user: no password hash, only whether Google is linked, and the
 * creation time as the API's text (db/iso-timestamp.ts).
 */
const userListColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  department: users.department,
  role: users.role,
  isActive: users.isActive,
  googleId: users.googleId,
  oidcSubject: users.oidcSubject,
  createdAt: isoTimestamp(users.createdAt),
};

const lowerUsername = sql`lower(${users.username})`;

/**
 * The list's sorts (keys in domain/schemas/users.ts): the chosen key (blank names last either
 * way, behind the keyset's null flag), then the username and the id, all in the one direction, so
 * that an index walks each sort either way and a page can start at a row's position (migration
 * 0040, decision 0040).
 */
export const userSorts = {
  username: keysetSort(userCursors, "username", [lowerUsername], users.id),
  fullName: keysetSort(
    userCursors,
    "fullName",
    [sql`lower(${users.fullName})`, lowerUsername],
    users.id,
  ),
  createdAt: keysetSort(userCursors, "createdAt", [users.createdAt], users.id),
};

/** ORDER BY for the list in the query's sort and direction. */
export const userListOrder = (query: Pick<UserListQuery, "sort" | "order">): SQL[] =>
  keysetOrder(userSorts[query.sort], query.order);

/** What the list's search looks in; each column has a trigram index (list-indexes.test.ts). */
export const userSearchColumns = [users.username, users.fullName, users.email, users.department];

/**
 * The users list, searched over username, name, e-mail and department (case-insensitive
 * substring), only active people with `active`, only one role with `role`, and ordered in SQL; one page with its total when
 * limit or offset is given.
 */
export async function listUsers(db: Db, query: UserListQuery) {
  const where = and(
    query.search ? matchingIds(users.id, userSearchColumns, query.search) : undefined,
    query.active ? sql`${users.isActive}` : undefined,
    query.role ? eq(users.role, sql.placeholder("role")) : undefined,
  );
  const page = await selectKeysetPage(db, {
    cursors: userCursors,
    sortName: query.sort,
    sort: userSorts[query.sort],
    order: query.order,
    query,
    from: users,
    where,
    bounds: query,
    select: (total, cursor, window) =>
      db
        .select({ user: userListColumns, cursor, total })
        .from(users)
        .where(window.where)
        .orderBy(...window.orderBy)
        .$dynamic(),
    idOf: (row) => row.user.id,
    // Without a search, one of a few statements prepared once each (lib/paging.ts).
    statement: {
      list: "users",
      shape: query.search
        ? undefined
        : [query.active && "active", query.role && "role", query.sort].join(),
      values: { role: query.role },
    },
  });
  return {
    users: page.rows.map((row) => toUserResponse(row.user)),
    total: page.total,
    cursors: page.cursors,
  };
}

/** What GET /api/users/:id answers (without the password hash), or a 404. A hot call: prepared. */
export async function getUserResponse(db: Db, id: number) {
  const statement = preparedStatement(db, "qm_user_by_id", () =>
    db
      .select(userListColumns)
      .from(users)
      .where(eq(users.id, sql.placeholder("id"))),
  );
  const [row] = await statement.execute({ id });
  if (!row) throw notFound("User");
  return toUserResponse(row);
}

export async function getUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound("User");
  return row;
}

/** What the log keeps of a user change: the password hash only as set or changed. */
const userChanges = (
  before: typeof users.$inferSelect | null,
  after: typeof users.$inferSelect | null,
) => changesBetween(before, after, { secretFields: ["passwordHash"] });

export async function createUser(db: Db, input: CreateUserRequest, actor: ActivityActor) {
  await assertUsernameFree(db, input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          passwordHash,
          fullName: input.fullName ?? null,
          email: input.email ?? null,
          department: input.department ?? null,
          role: input.role,
          isActive: input.isActive,
        })
        .returning();
      await recordActivity(tx, actor, {
        action: "create",
        area: "users",
        itemId: row!.id,
        itemLabel: row!.username,
        changes: userChanges(null, row!),
      });
      return toUserResponse(row!);
    });
  } catch (error) {
    // Two concurrent creates of one name: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

export async function updateUser(
  db: Db,
  id: number,
  input: UpdateUserRequest,
  actor: ActivityActor,
) {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return db.transaction(async (tx) => {
    const current = await getUser(tx, id);
    if (input.username && input.username !== current.username) {
      await assertUsernameFree(tx, input.username, id);
    }
    const losesAdmin =
      current.role === "admin" &&
      current.isActive &&
      (input.role === "user" || input.isActive === false);
    if (losesAdmin) await assertAnotherActiveAdmin(tx, id);
    // Someone who leaves gives back their hardware and office accounts, with the same commit.
    if (current.isActive && input.isActive === false) await releaseHardwareAndAccounts(tx, id);

    const row = await updateRow(tx, users, eq(users.id, id), current, {
      username: input.username,
      passwordHash,
      fullName: input.fullName,
      email: input.email,
      department: input.department,
      role: input.role,
      isActive: input.isActive,
    });
    const changes = userChanges(current, row);
    // Deactivation and a new password end the user's sessions; any other change (role, names)
    // reaches their cached sessions through the same notice. An edit that changed nothing has
    // nothing to tell them, nor to record.
    if (input.isActive === false || passwordHash) await deleteUserSessions(tx, id);
    else if (changes) await announceSessionChange(tx, { userId: id });
    if (changes) {
      await recordActivity(tx, actor, {
        action: "update",
        area: "users",
        itemId: id,
        itemLabel: row.username,
        changes,
      });
    }
    // Also under its own action, so "password changes" lists an administrator's too.
    if (passwordHash) {
      await recordAccountChange(tx, actor, {
        action: "password_change",
        area: "users",
        account: row,
      });
    }
    return toUserResponse(row);
  });
}

export async function deleteUser(db: Db, id: number, actor: ActivityActor) {
  if (id === actor.userId)
    throw conflict("CANNOT_DELETE_SELF", "You cannot delete your own account");
  await db.transaction(async (tx) => {
    const current = await getUser(tx, id);
    if (current.role === "admin" && current.isActive) await assertAnotherActiveAdmin(tx, id);
    // Free the seats, hardware and office accounts the user held before the user row goes
    // (the histories keep the name).
    await releaseHardwareAndAccounts(tx, id);
    await tx
      .update(licenseAssignments)
      .set({ isActive: false, deactivatedAt: new Date() })
      .where(and(eq(licenseAssignments.userId, id), eq(licenseAssignments.isActive, true)));
    await tx.delete(users).where(eq(users.id, id));
    await announceSessionChange(tx, { userId: id });
    await recordActivity(tx, actor, {
      action: "delete",
      area: "users",
      itemId: id,
      itemLabel: current.username,
      changes: userChanges(current, null),
    });
  });
}
