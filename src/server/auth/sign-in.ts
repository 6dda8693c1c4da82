// The one place where a sign-in becomes a session, or a pending second factor.
//
// Every sign-in method (password, Google, passkeys) calls signIn() once it has identified an
// active user. For a user with TOTP on, the answer is not a session but a pending sign-in: a
// short-lived, single-use server-side record bound to its own cookie, which
// POST /api/auth/two-factor/verify turns into a session with a code. A passkey with user
// verification is both factors (something held, and a PIN or biometric), so it skips the second
// step. Google's callback redirects to /login?second-factor=required on a "second-factor" outcome.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Executor } from "../db/client";
import { pendingSignIns, userTwoFactor } from "../db/schema";
import { createSession, deleteSession, SESSION_COOKIE } from "./sessions";
import { recordSignIn, type SignInDetail } from "./sign-in-activity";

/** The cookie of a pending sign-in (its SHA-256 is the row's id). */
export const PENDING_SIGN_IN_COOKIE = "qm_second_factor";
/** Time to type the code once the password was right. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

export type SignInMethod = "password" | "google" | "oidc" | "passkey";

export type SignInOutcome = { kind: "session" } | { kind: "second-factor" };

export interface SignInOptions {
  method: SignInMethod;
  /** A passkey assertion with user verification: it counts as both factors. */
  userVerified?: boolean;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function cookieOptions(app: FastifyInstance, request: FastifyRequest, maxAgeMs: number) {
  const secure =
    app.config.cookieSecure === "true" ||
    (app.config.cookieSecure === "auto" && request.protocol === "https");
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure,
    path: "/",
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

export async function hasSecondFactor(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Signs in a user the caller has identified (and found active). Either a session with its cookie,
 * exactly as every method gets it, or, when the user has a second factor the method does not
 * cover, a pending sign-in with its cookie.
 */
export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number },
  options: SignInOptions,
): Promise<SignInOutcome> {
  const bothFactors = options.method === "passkey" && options.userVerified === true;
  if (!bothFactors && (await hasSecondFactor(app.db, user.id))) {
    await startPendingSignIn(app, request, reply, user.id, options.method);
    return { kind: "second-factor" };
  }
  await startSession(app, request, reply, user.id, { method: options.method });
  return { kind: "session" };
}

/** A new session for the user, replacing any the browser had. For signIn() and the second step. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  how: SignInDetail,
) {
  // A fresh session id on every sign-in, so a planted cookie cannot be carried into a login.
  if (request.auth) {
    await deleteSession(app.db, request.auth.id);
    await app.sessions.revoked({ sessionId: request.auth.id });
  }
  // The session and its record in the activity log: both or neither.
  const session = await app.db.transaction(async (tx) => {
    const created = await createSession(tx, userId, app.config.session, {
      ipAddress: request.ip,
      userAgent: request.headers["user-agent"],
    });
    await recordSignIn(tx, request, userId, how);
    return created;
  });
  reply.setCookie(
    SESSION_COOKIE,
    session.token,
    cookieOptions(app, request, app.config.session.absoluteMs),
  );
  if (request.cookies[PENDING_SIGN_IN_COOKIE]) clearPendingCookie(reply);
}

async function startPendingSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  method: SignInMethod,
) {
  const token = randomBytes(32).toString("base64url");
  await app.db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, new Date()));
  // A browser that had another pending sign-in gives it up.
  const previous = request.cookies[PENDING_SIGN_IN_COOKIE];
  if (previous)
    await app.db.delete(pendingSignIns).where(eq(pendingSignIns.id, hashToken(previous)));
  await app.db.insert(pendingSignIns).values({
    id: hashToken(token),
    userId,
    method,
    expiresAt: new Date(Date.now() + PENDING_SIGN_IN_MS),
  });
  reply.setCookie(PENDING_SIGN_IN_COOKIE, token, cookieOptions(app, request, PENDING_SIGN_IN_MS));
}

/** The user of the browser's pending sign-in, if it has one that has not expired. */
export async function findPendingSignIn(
  db: Executor,
  request: FastifyRequest,
): Promise<{ id: string; userId: number; method: SignInMethod } | null> {
  const token = request.cookies[PENDING_SIGN_IN_COOKIE];
  if (!token) return null;
  const [row] = await db
    .select({
      id: pendingSignIns.id,
      userId: pendingSignIns.userId,
      method: pendingSignIns.method,
      expiresAt: pendingSignIns.expiresAt,
    })
    .from(pendingSignIns)
    .where(eq(pendingSignIns.id, hashToken(token)))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return { id: row.id, userId: row.userId, method: row.method as SignInMethod };
}

/** Uses up a pending sign-in: true only for the one request that deleted it. */
export async function consumePendingSignIn(db: Executor, id: string): Promise<boolean> {
  const deleted = await db
    .delete(pendingSignIns)
    .where(eq(pendingSignIns.id, id))
    .returning({ id: pendingSignIns.id });
  return deleted.length > 0;
}

export async function deletePendingSignInsOf(db: Executor, userId: number) {
  await db.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
}

export function clearPendingCookie(reply: FastifyReply) {
  reply.clearCookie(PENDING_SIGN_IN_COOKIE, { path: "/" });
}
