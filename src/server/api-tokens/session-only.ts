// What an API token may not do, though its owner may: create more tokens (a leaked token must not
// outlive its revocation through a new one) and change how anyone signs in (a password, a second
// factor, passkeys, the e-mail address Google sign-in links by, a new account with a password the
// caller chose), which would turn a leaked token into an account that outlives it. Sign-out ends
// a browser session; a token is revoked instead. Checked for every request in one place (app.ts),
// and marked in the OpenAPI document.
import type { FastifyRequest } from "fastify";
import { AppError } from "../http/errors";

const SESSION_ONLY = new Set([
  "POST /api/tokens",
  // An identity provider's token creates and deactivates people; only a person in a browser
  // hands one out, or changes what its deprovisionings release.
  "POST /api/scim-tokens",
  "PUT /api/scim-settings",
  "POST /api/auth/logout",
  "POST /api/auth/password",
  "POST /api/auth/two-factor/setup",
  "POST /api/auth/two-factor/confirm",
  "POST /api/auth/two-factor/recovery-codes",
  "POST /api/auth/two-factor/disable",
  "POST /api/auth/webauthn/register/options",
  "POST /api/auth/webauthn/register/verify",
  "DELETE /api/auth/webauthn/credentials/:id",
  // Resetting someone's second factor leaves only their password between a token and the account.
  "DELETE /api/users/:id/two-factor",
  // A new account always comes with an initial password: one the token's holder knows.
  "POST /api/users",
  // A feed address is a lasting secret of its own: made with a leaked token, it would outlive the
  // token's revocation.
  "POST /api/calendar-feed",
  "DELETE /api/calendar-feed",
]);

interface SessionOnlyInput {
  /** For the document: when the operation refuses a token. */
  when: string;
  /** Reads the validated input. */
  applies: (request: FastifyRequest) => boolean;
}

const setsAny = (request: FastifyRequest, fields: string[]) => {
  const body = (request.body ?? {}) as Record<string, unknown>;
  return fields.some((field) => body[field] !== undefined);
};

// Routes a token may call, but not with this input. Checked once the input is validated, so a
// blank password (which keeps the current one) is no change.
const SESSION_ONLY_INPUT: Record<string, SessionOnlyInput> = {
  // Another person's password is their account; so is their e-mail address while Google is not
  // linked: the first Google sign-in with that (verified) address links it (auth/google). Making
  // someone an administrator, or reactivating a deactivated account, hands a lasting sign-in to
  // whoever knows that account's password: a leaked token must not mint one.
  "PATCH /api/users/:id": {
    when: "the body sets `password` or `email`, `role` to `admin`, or `isActive` to true",
    applies: (request) => {
      const body = (request.body ?? {}) as { role?: unknown; isActive?: unknown };
      return (
        setsAny(request, ["password", "email"]) || body.role === "admin" || body.isActive === true
      );
    },
  },
  // Imported users have no password, but an e-mail address Google sign-in links by.
  "POST /api/imports/:area": {
    when: "the area is `users`",
    applies: (request) => (request.params as { area?: string }).area === "users",
  },
};

export const isSessionOnly = (method: string, url: string) => SESSION_ONLY.has(`${method} ${url}`);

/** When a route refuses tokens for some input only, that condition (for the document). */
export const sessionOnlyWhen = (method: string, url: string) =>
  SESSION_ONLY_INPUT[`${method} ${url}`]?.when;

/** The session-only routes, for the test that checks each still exists. */
export const sessionOnlyRoutes = () => [...SESSION_ONLY];

/** The routes that refuse tokens for some input, for the same test. */
export const sessionOnlyInputRoutes = () => Object.keys(SESSION_ONLY_INPUT);

const sessionRequired = () =>
  new AppError(
    403,
    "SESSION_REQUIRED",
    "This needs a signed-in browser session; an API token cannot do it",
  );

/** Before the body is read: the routes a token may never call. */
export function refuseTokenWhereSessionOnly(request: FastifyRequest) {
  if (request.auth?.via !== "token") return;
  if (!isSessionOnly(request.method, request.routeOptions.url ?? "")) return;
  throw sessionRequired();
}

/** Once the input is validated: the routes a token may call, but not with this input. */
export function refuseTokenWhereInputSessionOnly(request: FastifyRequest) {
  if (request.auth?.via !== "token") return;
  const rule = SESSION_ONLY_INPUT[`${request.method} ${request.routeOptions.url ?? ""}`];
  if (rule?.applies(request)) throw sessionRequired();
}
