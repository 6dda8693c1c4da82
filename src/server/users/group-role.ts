// The role an identity provider's groups give a person (OIDC_ADMIN_GROUPS, decision 0059), set by
// the OIDC sign-in (the ID token's groups) and by SCIM Groups (the memberships pushed): one rule for
// both. The application's rule that an active administrator remains still holds: the last one is
// not demoted. The change is recorded with its actor and ends the person's cached sessions.
import { and, eq } from "drizzle-orm";
import type { Role } from "../../domain/enums";
import { type ActivityActor, recordActivity } from "../activity/record";
import { announceSessionChange } from "../auth/sessions";
import type { Executor } from "../db/client";
import { users } from "../db/schema";
import { AppError } from "../http/errors";
import { assertAnotherActiveAdmin } from "./service";

type UserRow = typeof users.$inferSelect;

export type GroupRoleOutcome =
  | { kind: "unchanged"; user: UserRow }
  | { kind: "changed"; user: UserRow; before: Role; after: Role }
  | { kind: "kept-last-admin"; user: UserRow };

/** Whether any of the groups is one of the administrators' groups: the role they give. */
export function roleOfGroups(groups: readonly string[], adminGroups: readonly string[]): Role {
  return groups.some((group) => adminGroups.includes(group)) ? "admin" : "user";
}

/** Call inside a transaction (the last-administrator check locks the administrators' rows). */
export async function applyGroupRole(
  tx: Executor,
  user: UserRow,
  role: Role,
  actor: ActivityActor,
  detail: Record<string, unknown>,
): Promise<GroupRoleOutcome> {
  if (user.role === role) return { kind: "unchanged", user };
  if (user.role === "admin" && user.isActive) {
    try {
      await assertAnotherActiveAdmin(tx, user.id);
    } catch (error) {
      if (error instanceof AppError && error.code === "LAST_ADMIN") {
        return { kind: "kept-last-admin", user };
      }
      throw error;
    }
  }
  const [updated] = await tx
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.role, user.role)))
    .returning();
  // Changed meanwhile by someone else: theirs stands until the next time the rule runs.
  if (!updated) return { kind: "unchanged", user };
  // Cached sessions carry the role: every instance drops them.
  await announceSessionChange(tx, { userId: user.id });
  await recordActivity(tx, actor, {
    action: "update",
    area: "users",
    itemId: user.id,
    itemLabel: updated.username,
    changes: { role: { before: user.role, after: role } },
    detail,
  });
  return { kind: "changed", user: updated, before: user.role, after: role };
}
