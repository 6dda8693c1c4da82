// Offboarding (issue 16): administrators only. The holdings it decides on are read with
// GET /api/users/:id/holdings (users/routes.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../domain/schemas/common";
import { offboardingResponseSchema, offboardRequestSchema } from "../../domain/schemas/offboarding";
import { actorOf } from "../activity/record";
import { currentSession, requireAdmin } from "../auth/guards";
import { offboardUser } from "./service";

export const offboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/users/:id/offboard",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: offboardRequestSchema,
        response: { 200: offboardingResponseSchema },
      },
    },
    async (request) => {
      const done = await offboardUser(app.db, request.params.id, request.body, {
        session: currentSession(request),
        actor: actorOf(request),
      });
      // Committed: the person's sessions are gone on every instance before this answers.
      await app.sessions.revoked({ userId: request.params.id });
      return done;
    },
  );
};
