// GET/POST /api/tokens, DELETE /api/tokens/:id: personal API tokens, for administrators.
// Creating one needs a browser session (session-only.ts); the answer is the only time the token
// is sent.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  apiTokenListResponseSchema,
  createApiTokenRequestSchema,
  createdApiTokenResponseSchema,
} from "../../domain/schemas/api-tokens";
import { idParamsSchema, noContentResponseSchema } from "../../domain/schemas/common";
import { actorOf } from "../activity/record";
import { currentSession, requireAdmin } from "../auth/guards";
import { createApiToken, listApiTokens, revokeApiToken } from "./service";

export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/tokens",
    {
      preHandler: requireAdmin,
      schema: {
        summary: "Every API token (never the token itself)",
        response: { 200: apiTokenListResponseSchema },
      },
    },
    async () => listApiTokens(app.db),
  );

  app.post(
    "/api/tokens",
    {
      preHandler: requireAdmin,
      schema: {
        summary: "Create an API token for yourself; the answer holds it, once",
        body: createApiTokenRequestSchema,
        response: { 201: createdApiTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = currentSession(request);
      const created = await createApiToken(app.db, user, request.body, actorOf(request));
      return reply.status(201).send(created);
    },
  );

  app.delete(
    "/api/tokens/:id",
    {
      preHandler: requireAdmin,
      schema: {
        summary: "Revoke an API token",
        params: idParamsSchema,
        response: { 204: noContentResponseSchema },
      },
    },
    async (request, reply) => {
      await revokeApiToken(app.db, request.params.id, actorOf(request));
      return reply.status(204).send();
    },
  );
};
