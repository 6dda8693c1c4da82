// What the generated OpenAPI document says about each operation beyond its zod schemas: who may
// call it (the route's guard, as `x-guard` and a security requirement), and which error answers
// it can give, each with the one error body (`ErrorResponse`). Derived from the route itself
// (guard, method, inputs), so a new route is documented correctly without writing anything.
import type { RouteOptions } from "fastify";
import { type Access, accessOf } from "../http/route-access";

export const SESSION_SCHEME = "session";
export const BEARER_SCHEME = "bearerToken";

const GUARD_TEXT: Record<Access, string> = {
  public: "Guard: publicRoute (no sign-in needed).",
  user: "Guard: requireUser (any signed-in user).",
  admin: "Guard: requireAdmin (administrators only).",
  selfOrAdmin:
    "Guard: requireSelfOrAdmin (the user named by the path, or an administrator; others get 403).",
};

const ERROR_TEXT = {
  400: "Bad input: VALIDATION_FAILED (field errors in `errors`), INVALID_JSON or BAD_REQUEST. Nothing was changed.",
  401: "Not signed in (UNAUTHORIZED), or a Bearer token that is unknown, expired, revoked or whose owner is deactivated (INVALID_API_TOKEN, on any route).",
  403: "Signed in but not allowed (FORBIDDEN): the role or the record, or a cross-site state-changing request; SESSION_REQUIRED when an API token calls a session-only route.",
  404: "The record does not exist or the caller may not know it does (NOT_FOUND).",
  409: "The request conflicts with the data; `code` names the rule (SEATS_EXHAUSTED, DUPLICATE_USERNAME, STILL_REFERENCED...).",
  429: "Too many attempts (RATE_LIMITED); `Retry-After` says when to try again.",
  503: "The database cannot be reached right now (DATABASE_UNAVAILABLE); `Retry-After` says when to try again.",
} as const;
export type DocumentedErrorStatus = keyof typeof ERROR_TEXT;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The access the route's guard grants (enforceRouteGuards moved the guard to onRequest). */
export function guardOf(route: Pick<RouteOptions, "onRequest" | "preHandler">): Access {
  for (const handler of [route.onRequest ?? [], route.preHandler ?? []].flat()) {
    const access = accessOf(handler);
    if (access) return access;
  }
  throw new Error("route without a guard");
}

/** The error statuses an operation can answer, from its guard, method and inputs. */
export function errorStatusesOf(
  route: { url: string; method: string; access: Access },
  inputs: { body: boolean; querystring: boolean; params: boolean },
): DocumentedErrorStatus[] {
  const statuses: DocumentedErrorStatus[] = [];
  const writes = !SAFE_METHODS.has(route.method);
  if (inputs.body || inputs.querystring || inputs.params) statuses.push(400);
  // Even a public route refuses a Bearer token that does not work.
  statuses.push(401);
  if (route.access === "admin" || route.access === "selfOrAdmin" || writes) statuses.push(403);
  if (inputs.params) statuses.push(404);
  if (writes) statuses.push(409);
  // Sign-in, second factor, passkeys and password change count attempts (auth/throttle.ts).
  if (route.url.startsWith("/api/auth/")) statuses.push(429);
  statuses.push(503);
  return statuses;
}

export const errorDescription = (status: DocumentedErrorStatus) => ERROR_TEXT[status];

export const guardDescription = (access: Access) => GUARD_TEXT[access];

/** Who may call: nobody needs to sign in for a public route; some routes refuse API tokens. */
export function securityOf(access: Access, sessionOnly: boolean): Record<string, string[]>[] {
  if (access === "public") return [];
  if (sessionOnly) return [{ [SESSION_SCHEME]: [] }];
  return [{ [SESSION_SCHEME]: [] }, { [BEARER_SCHEME]: [] }];
}
