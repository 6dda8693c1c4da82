// Turning an identified OpenID Connect user into a session through the one sign-in function every
// method uses (auth/sign-in.ts): the same cookie and options as a password sign-in, a new session
// id, the browser's previous session ended; or, for a user with a second factor, the pending
// sign-in that asks for the code (the issuer is one factor).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { signIn } from "../sign-in";
import type { OpenIdProvider } from "./provider";

export type OpenIdSignInOutcome = "session" | "second-factor";

export async function beginOpenIdSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  method: OpenIdProvider["id"],
): Promise<OpenIdSignInOutcome> {
  const outcome = await signIn(app, request, reply, { id: userId }, { method });
  return outcome.kind;
}

/** The rule of every cookie this server sets (COOKIE_SECURE). */
export function secureCookies(app: FastifyInstance, request: FastifyRequest): boolean {
  return (
    app.config.cookieSecure === "true" ||
    (app.config.cookieSecure === "auto" && request.protocol === "https")
  );
}
