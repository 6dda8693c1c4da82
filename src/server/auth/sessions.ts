// Server-side sessions. The cookie holds a 256-bit random token; the table holds its SHA-256,
// so a copy of the database cannot be replayed as a login.
import { createHash, randomBytes } from "node:crypto";
import { eq, lt, or, sql } from "drizzle-orm";
import type { Role } from "../../domain/enums";
import type { Executor } from "../db/client";
import { sessions } from "../db/schema";

export const SESSION_COOKIE = "qm_session";
/** NOTIFY channel on which instances hear that sessions ended or changed (session-store.ts). */
export const SESSION_NOTICE_CHANNEL = "qm_sessions";

export type SessionChange = { sessionId: string } | { userId: number };

/**
 * Tells every instance that a session (or every session of a user) ended or changed. Run it in
 * the transaction that makes the change: the notice is delivered when, and only if, it commits.
 * Then call forget() on this instance's session store (the notice reaches it too, a moment later).
 */
export async function announceSessionChange(executor: Executor, change: SessionChange) {
  const payload = "sessionId" in change ? `s:${change.sessionId}` : `u:${change.userId}`;
  await executor.execute(sql`select pg_notify(${SESSION_NOTICE_CHANNEL}, ${payload})`);
}

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface SessionUser {
  id: number;
  username: string;
  fullName: string | null;
  email: string | null;
  department: string | null;
  role: Role;
}

/** The rest of the user's own record, read with the session so GET /api/users/{own id} is free. */
export interface SessionProfile {
  hasGoogle: boolean;
  /** Linked to the OIDC_ISSUER's subject (decision 0059). */
  hasOidc: boolean;
  createdAt: Date;
}

export interface ActiveSession {
  id: string;
  user: SessionUser;
  /** Set when the session came from the session store (always, in the application). */
  profile?: SessionProfile;
  /**
   * How the request authenticated: a browser session (the default when unset) or a personal API
   * token (the token's code sets "token"); the activity log records it.
   */
  via?: "session" | "token";
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession(
  db: Executor,
  userId: number,
  policy: SessionPolicy,
  meta: { ipAddress?: string; userAgent?: string },
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const id = hashToken(token);
  const expiresAt = new Date(Date.now() + policy.absoluteMs);
  await db.insert(sessions).values({
    id,
    userId,
    expiresAt,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent?.slice(0, 512),
  });
  return { token, id, expiresAt };
}

/** Ends one session, on every instance (call the store's forget() after it commits). */
export async function deleteSession(db: Executor, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  await announceSessionChange(db, { sessionId });
}

/** Ends every session of a user, on every instance (call the store's forget() after commit). */
export async function deleteUserSessions(db: Executor, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await announceSessionChange(db, { userId });
}

export async function deleteExpiredSessions(db: Executor, policy: SessionPolicy) {
  const idleCutoff = new Date(Date.now() - policy.idleMs);
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleCutoff)));
}
