// Turning an identified Google user into a session: the password sign-in's own startSession (same
// cookie and options, a new session id, the browser's previous session ended).
//
// TODO(issue 13, second-factor): when src/server/auth/sign-in.ts lands, call its
// signIn(app, request, reply, user, { method: "google" }) here and answer "second-factor" when
// it does, so the callback sends the browser to the second-factor step.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { startSession } from "../routes";

export type GoogleSignInOutcome = "session" | "second-factor";

export async function beginGoogleSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<GoogleSignInOutcome> {
  await startSession(app, request, reply, userId);
  return "session";
}

/** The rule of every cookie this server sets (COOKIE_SECURE). */
export function secureCookies(app: FastifyInstance, request: FastifyRequest): boolean {
  return (
    app.config.cookieSecure === "true" ||
    (app.config.cookieSecure === "auto" && request.protocol === "https")
  );
}
