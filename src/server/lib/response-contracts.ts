// Every /api route answers through response schemas (fastify-type-provider-zod serializes through
// them), so nothing a schema does not name can leave the server. Enforced when a route is
// registered, like its guard: a route without a success schema refuses to start the app, and
// every route's 4xx and 5xx answers are the one error body unless it declares its own.
import type { FastifyInstance } from "fastify";
import { errorResponseSchema } from "../../domain/schemas/errors";

// A redirect is the success answer of a full-page navigation (Google sign-in), so 3xx counts.
const isSuccessStatus = (key: string) => /^([23]\d\d|[23]xx)$/.test(key);

export function enforceResponseSchemas(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    route.schema ??= {};
    const response = (route.schema.response ?? {}) as Record<string, unknown>;
    if (!Object.keys(response).some(isSuccessStatus)) {
      throw new Error(
        `Route ${[route.method].flat().join(",")} ${route.url} must declare its response schema`,
      );
    }
    route.schema.response = { "4xx": errorResponseSchema, "5xx": errorResponseSchema, ...response };
  });
}
