// /api/scim-tokens (GET, POST, DELETE /:id) and /api/scim-settings (GET, PUT): SCIM's
// administration, for administrators in a browser session (a personal API token cannot mint an
// identity provider's token).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema, noContentResponseSchema } from "../../domain/schemas/common";
import {
  createdScimTokenResponseSchema,
  createScimTokenRequestSchema,
  HELD_OFFBOARDINGS_LIMIT,
  heldOffboardingListSchema,
  scimSettingsSchema,
  scimTokenListResponseSchema,
} from "../../domain/schemas/scim";
import { actorOf } from "../activity/record";
import { requireAdmin } from "../auth/guards";
import { listHeldOffboardings } from "./held-service";
import {
  createScimToken,
  listScimTokens,
  readScimSettings,
  revokeScimToken,
  writeScimSettings,
} from "./tokens-service";

export const scimTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/scim-tokens",
    {
      preHandler: requireAdmin,
      schema: {
        summary: "Every SCIM token (never the token itself)",
        response: { 200: scimTokenListResponseSchema },
      },
    },
    async () => listScimTokens(app.db),
  );

  app.post(
    "/api/scim-tokens",
    {
      preHandler: requireAdmin,
      schema: {
        summary: "Create a SCIM token for an identity provider; the answer holds it, once",
        body: createScimTokenRequestSchema,
        response: { 201: createdScimTokenResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createScimToken(app.db, request.body, actorOf(request))),
  );

  app.delete(
    "/api/scim-tokens/:id",
    {
      preHandler: requireAdmin,
      schema: {
        summary: "Revoke a SCIM token",
        params: idParamsSchema,
        response: { 204: noContentResponseSchema },
      },
    },
    async (request, reply) => {
      await revokeScimToken(app.db, request.params.id, actorOf(request));
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/scim-settings",
    {
      preHandler: requireAdmin,
      schema: {
        summary: "What a SCIM deprovisioning does with what the person holds",
        response: { 200: scimSettingsSchema },
      },
    },
    async () => readScimSettings(app.db),
  );

  app.put(
    "/api/scim-settings",
    {
      preHandler: requireAdmin,
      schema: {
        summary: "Set what a SCIM deprovisioning does with what the person holds",
        body: scimSettingsSchema,
        response: { 200: scimSettingsSchema },
      },
    },
    async (request) => writeScimSettings(app.db, request.body, actorOf(request)),
  );

  app.get(
    "/api/scim-held-offboardings",
    {
      preHandler: requireAdmin,
      schema: {
        summary:
          "People SCIM deactivated whose holdings wait for review (the oldest, and how many)",
        response: { 200: heldOffboardingListSchema },
      },
    },
    async () => listHeldOffboardings(app.db, HELD_OFFBOARDINGS_LIMIT),
  );
};
