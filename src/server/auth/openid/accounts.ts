// Which user a verified OpenID Connect identity signs in as (Google's or the OIDC_ISSUER's, the same
// rules for both). In order: the provider's own admission rule (Google's Workspace domain), then
// the user already linked to this subject at this issuer, then, the first time, the one active user
// whose e-mail address is the verified address (linking it by recording the subject), then a new
// user only when the provider's auto-create is on. Anything else is refused with a reason the login
// page can explain. Linking and creating are recorded in the activity log as the person's own
// change, with it. A provider with a role rule (OIDC_ADMIN_GROUPS) then sets the role it says, at
// every sign-in.
import { and, eq, isNull, sql } from "drizzle-orm";
import { changesBetween } from "../../../domain/activity";
import type { Role } from "../../../domain/enums";
import type { OpenIdFailureKind } from "../../../domain/oidc-sign-in";
import { type ActivityActor, recordActivity } from "../../activity/record";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/driver-errors";
import { users } from "../../db/schema";
import { applyGroupRole } from "../../users/group-role";
import { announceSessionChange } from "../sessions";
import type { OpenIdIdentity, OpenIdProvider } from "./provider";

type UserRow = typeof users.$inferSelect;

/** The account a refused identity would have signed in as, when there was one. */
type TriedAccount = Pick<UserRow, "id" | "username">;

export type OpenIdResolution =
  | {
      kind: "user";
      user: UserRow;
      how: "subject" | "linked" | "created";
      /** The role rule's change at this sign-in, when it made one. */
      roleChange?: { before: Role; after: Role } | "kept-last-admin";
    }
  | { kind: "refused"; failure: OpenIdFailureKind; detail: string; account: TriedAccount | null };

const refuse = (
  failure: OpenIdFailureKind,
  detail: string,
  account: TriedAccount | null = null,
): OpenIdResolution => ({ kind: "refused", failure, detail, account });

/** The actor of a change made by the person signing in (their id known only once they are found). */
export type ActorAs = (userId: number) => ActivityActor;

type AccountRules = Pick<
  OpenIdProvider,
  "autoCreate" | "subjectKey" | "linkedFlag" | "refuse" | "roleOf"
>;

export async function resolveOpenIdUser(
  db: Db,
  provider: AccountRules,
  identity: OpenIdIdentity,
  actorAs: ActorAs,
): Promise<OpenIdResolution> {
  const admission = provider.refuse?.(identity);
  if (admission) return refuse(admission.kind, admission.detail);
  const role = provider.roleOf?.(identity) ?? null;
  const found = await findUser(db, provider, identity, role, actorAs);
  if (found.kind !== "user" || !role || found.how === "created") return found;
  return settleRole(db, found.user, role, actorAs).then((settled) => ({ ...found, ...settled }));
}

async function findUser(
  db: Db,
  provider: AccountRules,
  identity: OpenIdIdentity,
  role: Role | null,
  actorAs: ActorAs,
): Promise<OpenIdResolution> {
  const subjectColumn = users[provider.subjectKey];
  const [linked] = await db
    .select()
    .from(users)
    .where(eq(subjectColumn, identity.subject))
    .limit(1);
  if (linked) {
    return linked.isActive
      ? { kind: "user", user: linked, how: "subject" }
      : refuse("deactivated", `user ${linked.id} is deactivated`, linked);
  }

  if (!identity.email) return refuse("unknown", "no e-mail claim");
  // An unverified address proves nothing about who holds it: never link or create with one.
  if (!identity.emailVerified) return refuse("unverified", "email_verified is not true");

  const candidates = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${identity.email})`)
    .limit(2);
  if (candidates.length > 1) return refuse("conflict", "several users have the address");
  const [candidate] = candidates;
  if (candidate) {
    if (candidate[provider.subjectKey]) {
      return refuse("conflict", `user ${candidate.id} is linked to another subject`, candidate);
    }
    if (!candidate.isActive) {
      return refuse("deactivated", `user ${candidate.id} is deactivated`, candidate);
    }
    const user = await linkSubject(db, provider, candidate.id, identity.subject, actorAs);
    return user
      ? { kind: "user", user, how: "linked" }
      : refuse("conflict", `user ${candidate.id} was linked meanwhile`, candidate);
  }

  if (!provider.autoCreate) return refuse("unknown", "no user has the address");
  const created = await createUser(db, provider, identity, identity.email, role ?? "user", actorAs);
  return created
    ? { kind: "user", user: created, how: "created" }
    : refuse("conflict", "the subject was linked meanwhile");
}

/** Records the subject on the user unless a concurrent sign-in linked it first (then null). */
async function linkSubject(
  db: Db,
  provider: AccountRules,
  userId: number,
  subject: string,
  actorAs: ActorAs,
): Promise<UserRow | null> {
  const subjectColumn = users[provider.subjectKey];
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ [provider.subjectKey]: subject, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(subjectColumn), eq(users.isActive, true)))
        .returning();
      if (!user) return null;
      // The user's cached sessions say "not connected": tell every instance.
      await announceSessionChange(tx, { userId });
      await recordActivity(tx, actorAs(userId), {
        action: "update",
        area: "users",
        itemId: userId,
        itemLabel: user.username,
        // The subject itself stays out of the log: whether it is linked is what a reader needs.
        changes: { [provider.linkedFlag]: { before: false, after: true } },
      });
      return user;
    });
  } catch (error) {
    // The subject is on another user already (its unique index): a race we lost.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** A username from the address's local part, made unique with a number when taken. */
function usernameCandidates(email: string): string[] {
  const local = (email.split("@")[0] ?? "").toLowerCase().replace(/[^a-z0-9._-]/g, "");
  const base = local.length >= 3 ? local.slice(0, 56) : email.toLowerCase().slice(0, 64);
  return [base, ...Array.from({ length: 20 }, (_, index) => `${base}${index + 2}`)];
}

async function createUser(
  db: Db,
  provider: AccountRules,
  identity: OpenIdIdentity,
  email: string,
  role: Role,
  actorAs: ActorAs,
): Promise<UserRow | null> {
  const subjectColumn = users[provider.subjectKey];
  for (const username of usernameCandidates(email)) {
    try {
      const created = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            username,
            // No password: this account signs in through the issuer (or a passkey it adds later).
            passwordHash: null,
            fullName: identity.name,
            email,
            role,
            [provider.subjectKey]: identity.subject,
          })
          .returning();
        if (!user) return null;
        await recordActivity(tx, actorAs(user.id), {
          action: "create",
          area: "users",
          itemId: user.id,
          itemLabel: user.username,
          changes: {
            ...changesBetween(null, user, {
              secretFields: ["passwordHash"],
              ignore: ["googleId", "oidcSubject"],
            }),
            [provider.linkedFlag]: { before: null, after: true },
          },
        });
        return user;
      });
      if (created) return created;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Either the username is taken (try the next) or the subject was linked meanwhile.
      const [bySubject] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(subjectColumn, identity.subject))
        .limit(1);
      if (bySubject) return null;
    }
  }
  throw new Error("No free username for the new user");
}

/**
 * Gives the user the role the provider's rule says (re-checked at every sign-in, so leaving the
 * administrators' group takes effect at the next one), recorded as the person's own change
 * (users/group-role.ts: the last active administrator stays one; the sign-in goes on).
 */
async function settleRole(
  db: Db,
  user: UserRow,
  role: Role,
  actorAs: ActorAs,
): Promise<{ user: UserRow; roleChange?: { before: Role; after: Role } | "kept-last-admin" }> {
  if (user.role === role) return { user };
  const outcome = await db.transaction((tx) =>
    applyGroupRole(tx, user, role, actorAs(user.id), { rule: "oidc_admin_groups" }),
  );
  if (outcome.kind === "changed") {
    return { user: outcome.user, roleChange: { before: outcome.before, after: outcome.after } };
  }
  return outcome.kind === "kept-last-admin"
    ? { user: outcome.user, roleChange: "kept-last-admin" }
    : { user: outcome.user };
}
