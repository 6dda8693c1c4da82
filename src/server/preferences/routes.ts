// GET/PUT /api/preferences: the signed-in user's own Settings toggles (spec part 2, Settings).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  preferencesResponseSchema,
  updatePreferencesRequestSchema,
} from "../../domain/schemas/preferences";
import { actorOf } from "../activity/record";
import { currentSession, requireUser } from "../auth/guards";
import { getPreferences, updatePreferences } from "./service";

export const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/preferences",
    { preHandler: requireUser, schema: { response: { 200: preferencesResponseSchema } } },
    async (request) => getPreferences(app.db, currentSession(request).user.id),
  );

  app.put(
    "/api/preferences",
    {
      preHandler: requireUser,
      schema: {
        body: updatePreferencesRequestSchema,
        response: { 200: preferencesResponseSchema },
      },
    },
    async (request) =>
      updatePreferences(app.db, actorOf(request), currentSession(request).user.id, request.body),
  );
};
