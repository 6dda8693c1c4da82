// Server-side sessions. The cookie holds a 256-bit random token; the table holds its SHA-256,
// so a copy of the database cannot be replayed as a login.
import { createHash, randomBytes } from "node:crypto";
import { eq, lt, or } from "drizzle-orm";
import type { Executor } from "../db/client";
import { sessions, users } from "../db/schema";

export const SESSION_COOKIE = "qm_session";
// Touch lastSeenAt at most this often, so reads do not turn into a write per request.
const TOUCH_INTERVAL_MS = 60_000;

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
  role: "admin" | "user";
}

export interface ActiveSession {
  id: string;
  user: SessionUser;
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

/** The session behind a cookie token, or null when it is unknown, expired, idle or its user inactive. */
export async function findSession(
  db: Executor,
  token: string,
  policy: SessionPolicy,
): Promise<ActiveSession | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: {
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        email: users.email,
        department: users.department,
        role: users.role,
        isActive: users.isActive,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  const idleExpired = now - row.lastSeenAt.getTime() > policy.idleMs;
  if (row.expiresAt.getTime() <= now || idleExpired || !row.user.isActive) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
  }
  const { isActive: _isActive, ...user } = row.user;
  return { id: row.id, user };
}

export async function deleteSession(db: Executor, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: Executor, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Executor, policy: SessionPolicy) {
  const idleCutoff = new Date(Date.now() - policy.idleMs);
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleCutoff)));
}
