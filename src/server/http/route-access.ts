// How a guard says who may call its route. The guards themselves are sign-in's (auth/guards.ts);
// the mark they carry is read here on the ground floor, where the app refuses an /api route
// without exactly one guard (route-guard-enforcement.ts) and the API docs name it.
import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";

export type Access = "public" | "user" | "admin" | "selfOrAdmin";
const ACCESS = Symbol.for("quartermaster.access");

export type Guard = preHandlerAsyncHookHandler & { [ACCESS]: Access };

/** A preHandler marked with the access it grants. */
export function guard(access: Access, check: (request: FastifyRequest) => void): Guard {
  const handler: preHandlerAsyncHookHandler = async (request) => check(request);
  return Object.assign(handler, { [ACCESS]: access });
}

/** The access a handler grants, if it is a guard. */
export function accessOf(handler: unknown): Access | undefined {
  return typeof handler === "function" ? (handler as Partial<Guard>)[ACCESS] : undefined;
}
