// Workspace sync (issue 33, decision 0056): administrators only. The list reads the database;
// a preview reads the provider and writes nothing; a sync applies the plan under the provider's
// lease and answers the counts. A provider's refusal is a 502 with its INTEGRATION_* code.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  integrationParamsSchema,
  integrationPreviewResponseSchema,
  integrationSyncResponseSchema,
  integrationsResponseSchema,
} from "../../domain/schemas/integrations";
import { actorOf } from "../activity/record";
import { requireAdmin } from "../auth/guards";
import { registerJsonBodyParser } from "../http/json-body";
import { scheduleDailySync } from "./scheduler";
import { listIntegrations, previewIntegration, syncIntegration } from "./service";
import { syncActor } from "./sync-actor";

export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Preview and sync take no body; an empty JSON body is not refused for it (as hosting's fetch).
  registerJsonBodyParser(app, { allowEmpty: true });
  const context = () => ({ db: app.db, config: app.config, secrets: app.secrets });

  app.get(
    "/api/integrations",
    { preHandler: requireAdmin, schema: { response: { 200: integrationsResponseSchema } } },
    async () => listIntegrations(app.db, app.config),
  );

  app.post(
    "/api/integrations/:provider/preview",
    {
      preHandler: requireAdmin,
      schema: {
        params: integrationParamsSchema,
        response: { 200: integrationPreviewResponseSchema },
      },
    },
    async (request) => previewIntegration(context(), request.params.provider),
  );

  app.post(
    "/api/integrations/:provider/sync",
    {
      preHandler: requireAdmin,
      schema: { params: integrationParamsSchema, response: { 200: integrationSyncResponseSchema } },
    },
    // The changes are the sync's (via 'sync'), with the administrator who asked as their user.
    async (request) =>
      syncIntegration(context(), request.params.provider, {
        trigger: "manual",
        actor: syncActor(actorOf(request).userId),
      }),
  );

  // The daily sync starts with the server listening (not in tests driven by inject).
  if (app.config.integrations.dailySync) {
    let stop: (() => void) | undefined;
    app.addHook("onListen", async () => {
      stop = scheduleDailySync({ context: context(), log: app.log });
    });
    app.addHook("onClose", async () => stop?.());
  }
};
