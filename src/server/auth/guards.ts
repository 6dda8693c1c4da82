// Named authorization guards. Every /api route must carry exactly one of them in its preHandler:
// app.ts refuses to register a route without one, and an API test walks every route per role.
import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../http/errors";
import { type Guard, guard } from "../http/route-access";
import type { ActiveSession } from "./sessions";

/** The signed-in session, or a 401. Use inside handlers that sit behind a guard. */
export function currentSession(request: FastifyRequest): ActiveSession {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const isAdmin = (request: FastifyRequest) => request.auth?.user.role === "admin";

/** Open to anyone: sign-in, status, health. */
export const publicRoute = guard("public", () => {});

export const requireUser = guard("user", (request) => {
  currentSession(request);
});

export const requireAdmin = guard("admin", (request) => {
  currentSession(request);
  if (!isAdmin(request)) throw forbidden("Only administrators can do this");
});

/** The user named by the route parameter (default `id`) themselves, or an administrator. */
export function requireSelfOrAdmin(param = "id"): Guard {
  return guard("selfOrAdmin", (request) => {
    const session = currentSession(request);
    if (isAdmin(request)) return;
    const value = (request.params as Record<string, unknown>)[param];
    if (String(value) !== String(session.user.id)) {
      throw forbidden("You can only access your own records");
    }
  });
}
