// Turning an identified Google user into a session, exactly as the password sign-in does (same
// cookie and options, a new session id, the browser's previous session ended).
//
// TODO(issue 13, second-factor): when src/server/auth/sign-in.ts lands, replace this with its
// signIn(app, request, reply, user, { method: "google" }) and redirect to the second-factor step
// when it answers "second-factor".
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createSession, deleteSession, SESSION_COOKIE } from "../sessions";

export type GoogleSignInOutcome = "session" | "second-factor";

export async function beginGoogleSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<GoogleSignInOutcome> {
  if (request.auth) {
    await deleteSession(app.db, request.auth.id);
    await app.sessions.revoked({ sessionId: request.auth.id });
  }
  const session = await createSession(app.db, userId, app.config.session, {
    ipAddress: request.ip,
    userAgent: request.headers["user-agent"],
  });
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(app, request),
    path: "/",
    maxAge: Math.floor(app.config.session.absoluteMs / 1000),
  });
  return "session";
}

/** The rule of every cookie this server sets (COOKIE_SECURE). */
export function secureCookies(app: FastifyInstance, request: FastifyRequest): boolean {
  return (
    app.config.cookieSecure === "true" ||
    (app.config.cookieSecure === "auto" && request.protocol === "https")
  );
}
