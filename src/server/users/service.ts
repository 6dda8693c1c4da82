// Users: queries and the rules that keep the organisation manageable (unique usernames, at least
// one active administrator, sessions ended when a user is deactivated or their password changes).
import { and, asc, eq, ilike, ne, or, sql } from "drizzle-orm";
import type { CreateUserRequest, UpdateUserRequest } from "../../domain/schemas/users";
import { hashPassword } from "../auth/passwords";
import { deleteUserSessions } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import { licenseAssignments, users } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import { toUserDto } from "./user-dto";

const usernameTaken = () =>
  conflict("Username already exists", [{ path: "username", message: "Username already exists" }]);

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
async function assertAnotherActiveAdmin(tx: Executor, userId: number) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .for("update");
  if (!admins.some((admin) => admin.id !== userId)) {
    throw conflict("There must be at least one active administrator");
  }
}

export async function listUsers(db: Db, search?: string) {
  const pattern = search ? `%${search.replace(/[\\%_]/g, "\\$&")}%` : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(
      pattern
        ? or(
            ilike(users.username, pattern),
            ilike(users.fullName, pattern),
            ilike(users.email, pattern),
            ilike(users.department, pattern),
          )
        : undefined,
    )
    .orderBy(asc(sql`lower(${users.username})`));
  return rows.map(toUserDto);
}

export async function getUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound("User");
  return row;
}

export async function createUser(db: Db, input: CreateUserRequest) {
  await assertUsernameFree(db, input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
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
    return toUserDto(row!);
  } catch (error) {
    // Two concurrent creates of one name: the unique index decides, the loser gets the same 409.
    if ((error as { cause?: { code?: string } }).cause?.code === "23505") throw usernameTaken();
    throw error;
  }
}

export async function updateUser(db: Db, id: number, input: UpdateUserRequest) {
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

    const [row] = await tx
      .update(users)
      .set({
        username: input.username,
        passwordHash,
        fullName: input.fullName,
        email: input.email,
        department: input.department,
        role: input.role,
        isActive: input.isActive,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    if (input.isActive === false || passwordHash) await deleteUserSessions(tx, id);
    return toUserDto(row!);
  });
}

export async function deleteUser(db: Db, id: number, actingUserId: number) {
  if (id === actingUserId) throw conflict("You cannot delete your own account");
  await db.transaction(async (tx) => {
    const current = await getUser(tx, id);
    if (current.role === "admin" && current.isActive) await assertAnotherActiveAdmin(tx, id);
    // Free the seats the user held before the user row goes (the history keeps the name).
    await tx
      .update(licenseAssignments)
      .set({ isActive: false, deactivatedAt: new Date() })
      .where(and(eq(licenseAssignments.userId, id), eq(licenseAssignments.isActive, true)));
    await tx.delete(users).where(eq(users.id, id));
  });
}
