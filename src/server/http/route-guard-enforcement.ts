import type { FastifyInstance } from "fastify";
import { accessOf } from "./route-access";

/**
 * A route under /api without a guard is a bug that would expose data: refuse to register it.
 * Records every guarded route (with its schema) in app.apiRoutes for the route and input walks.
 */
export function enforceRouteGuards(app: FastifyInstance) {
  // Routes declare their guard in preHandler; it is moved to onRequest here (after the app's own
  // onRequest hooks, which find the session) so that the guard answers 401/403 before the body is
  // even read: an anonymous caller learns nothing about a route's schema, and a refused request
  // never makes the server read and parse an upload (the imports' 20 MB CSV files).
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const handlers = [route.preHandler ?? []].flat();
    const guards = handlers.filter((handler) => accessOf(handler) !== undefined);
    if (guards.length !== 1) {
      throw new Error(`Route ${route.method} ${route.url} must have exactly one guard`);
    }
    const accesses = guards.map(accessOf);
    route.preHandler = handlers.filter((handler) => !guards.includes(handler));
    route.onRequest = [...[route.onRequest ?? []].flat(), ...guards];
    for (const method of [route.method].flat()) {
      if (method === "HEAD") continue;
      app.apiRoutes.push({ method, url: route.url, access: accesses[0]!, schema: route.schema });
    }
  });
}
