// Which user a verified Google identity signs in as. In order: the configured Workspace domain
// (the hd claim), then the user already linked to this Google subject, then, the first time, the
// one active user whose e-mail address is the verified Google address (linking it by recording the
// subject), then a new user only when GOOGLE_AUTO_CREATE is on. Anything else is refused with a
// reason the login page can explain. Linking and creating are recorded in the activity log as the
// person's own change, with it.
import { and, eq, isNull, sql } from "drizzle-orm";
import { changesBetween } from "../../../domain/activity";
import type { GoogleFailure } from "../../../domain/google-sign-in";
import { type ActivityActor, recordActivity } from "../../activity/record";
import type { GoogleConfig } from "../../config";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/driver-errors";
import { users } from "../../db/schema";
import { announceSessionChange } from "../sessions";
import type { GoogleIdentity } from "./oidc";

type UserRow = typeof users.$inferSelect;

/** The account a refused Google identity would have signed in as, when there was one. */
type TriedAccount = Pick<UserRow, "id" | "username">;

export type GoogleResolution =
  | { kind: "user"; user: UserRow; how: "subject" | "linked" | "created" }
  | { kind: "refused"; failure: GoogleFailure; detail: string; account: TriedAccount | null };

const refuse = (
  failure: GoogleFailure,
  detail: string,
  account: TriedAccount | null = null,
): GoogleResolution => ({ kind: "refused", failure, detail, account });

/** The actor of a change made by the person signing in (their id known only once they are found). */
export type ActorAs = (userId: number) => ActivityActor;

/** The subject itself stays out of the log: whether Google is linked is what a reader needs. */
const GOOGLE_LINKED = { hasGoogle: { before: false, after: true } };

export async function resolveGoogleUser(
  db: Db,
  config: Pick<GoogleConfig, "allowedDomain" | "autoCreate">,
  identity: GoogleIdentity,
  actorAs: ActorAs,
): Promise<GoogleResolution> {
  // The hint sent to Google is only a hint: anyone can edit the URL. This is the check.
  if (config.allowedDomain && identity.hostedDomain !== config.allowedDomain) {
    return refuse("google_domain", `hd is ${identity.hostedDomain ?? "absent"}`);
  }

  const [linked] = await db
    .select()
    .from(users)
    .where(eq(users.googleId, identity.subject))
    .limit(1);
  if (linked) {
    return linked.isActive
      ? { kind: "user", user: linked, how: "subject" }
      : refuse("google_deactivated", `user ${linked.id} is deactivated`, linked);
  }

  if (!identity.email) return refuse("google_unknown", "no e-mail claim");
  // An unverified address proves nothing about who holds it: never link or create with one.
  if (!identity.emailVerified) return refuse("google_unverified", "email_verified is not true");

  const candidates = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${identity.email})`)
    .limit(2);
  if (candidates.length > 1) return refuse("google_conflict", "several users have the address");
  const [candidate] = candidates;
  if (candidate) {
    if (candidate.googleId) {
      return refuse(
        "google_conflict",
        `user ${candidate.id} is linked to another subject`,
        candidate,
      );
    }
    if (!candidate.isActive) {
      return refuse("google_deactivated", `user ${candidate.id} is deactivated`, candidate);
    }
    const user = await linkSubject(db, candidate.id, identity.subject, actorAs);
    return user
      ? { kind: "user", user, how: "linked" }
      : refuse("google_conflict", `user ${candidate.id} was linked meanwhile`, candidate);
  }

  if (!config.autoCreate) return refuse("google_unknown", "no user has the address");
  const created = await createGoogleUser(db, identity, identity.email, actorAs);
  return created
    ? { kind: "user", user: created, how: "created" }
    : refuse("google_conflict", "the subject was linked meanwhile");
}

/** Records the subject on the user unless a concurrent sign-in linked it first (then null). */
async function linkSubject(
  db: Db,
  userId: number,
  subject: string,
  actorAs: ActorAs,
): Promise<UserRow | null> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ googleId: subject, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.googleId), eq(users.isActive, true)))
        .returning();
      if (!user) return null;
      // The user's cached sessions say "Google not connected": tell every instance.
      await announceSessionChange(tx, { userId });
      await recordActivity(tx, actorAs(userId), {
        action: "update",
        area: "users",
        itemId: userId,
        itemLabel: user.username,
        changes: GOOGLE_LINKED,
      });
      return user;
    });
  } catch (error) {
    // The subject is on another user already (users_google_id_idx): a race we lost.
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

async function createGoogleUser(
  db: Db,
  identity: GoogleIdentity,
  email: string,
  actorAs: ActorAs,
): Promise<UserRow | null> {
  for (const username of usernameCandidates(email)) {
    try {
      const created = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            username,
            // No password: this account signs in with Google (or a passkey it registers later).
            passwordHash: null,
            fullName: identity.name,
            email,
            role: "user",
            googleId: identity.subject,
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
              ignore: ["googleId"],
            }),
            hasGoogle: { before: null, after: true },
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
        .where(eq(users.googleId, identity.subject))
        .limit(1);
      if (bySubject) return null;
    }
  }
  throw new Error("No free username for the new Google user");
}
