// What an API token may not do, though its owner may: create more tokens (a leaked token must not
// outlive its revocation through a new one) and change how the owner signs in (password, second
// factor, passkeys), which would turn a leaked token into the account. Sign-out ends a browser
// session; a token is revoked instead. Checked for every request in one place (app.ts), and
// marked in the OpenAPI document.
import type { FastifyRequest } from "fastify";
import { AppError } from "../http/errors";

const SESSION_ONLY = new Set([
  "POST /api/tokens",
  "POST /api/auth/logout",
  "POST /api/auth/password",
  "POST /api/auth/two-factor/setup",
  "POST /api/auth/two-factor/confirm",
  "POST /api/auth/two-factor/recovery-codes",
  "POST /api/auth/two-factor/disable",
  "POST /api/auth/webauthn/register/options",
  "POST /api/auth/webauthn/register/verify",
  "DELETE /api/auth/webauthn/credentials/:id",
  // A feed address is a lasting secret of its own: made with a leaked token, it would outlive the
  // token's revocation.
  "POST /api/calendar-feed",
  "DELETE /api/calendar-feed",
]);

export const isSessionOnly = (method: string, url: string) => SESSION_ONLY.has(`${method} ${url}`);

/** The session-only routes, for the test that checks each still exists. */
export const sessionOnlyRoutes = () => [...SESSION_ONLY];

export function refuseTokenWhereSessionOnly(request: FastifyRequest) {
  if (request.auth?.via !== "token") return;
  if (!isSessionOnly(request.method, request.routeOptions.url ?? "")) return;
  throw new AppError(
    403,
    "SESSION_REQUIRED",
    "This needs a signed-in browser session; an API token cannot do it",
  );
}
