import type { AuthUser } from "../../domain/schemas/auth";
import type { UserDto } from "../../domain/schemas/users";
import type { users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

export const displayNameOf = (user: { fullName: string | null; username: string }) =>
  user.fullName?.trim() || user.username;

export function toUserDto(row: UserRow): UserDto {
  return {
    ...toAuthUser(row),
    isActive: row.isActive,
    hasGoogle: Boolean(row.googleId),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAuthUser(
  row: Pick<UserRow, "id" | "username" | "fullName" | "email" | "department" | "role">,
): AuthUser {
  return {
    id: row.id,
    username: row.username,
    displayName: displayNameOf(row),
    fullName: row.fullName,
    email: row.email,
    department: row.department,
    role: row.role,
    isAdmin: row.role === "admin",
  };
}
