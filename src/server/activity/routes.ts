// The activity log over HTTP: read-only, for administrators. There is deliberately no route that
// changes or deletes a record (decision 0021); the table's trigger refuses it besides.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activityListQuerySchema, activityListResponseSchema } from "../../domain/schemas/activity";
import { requireAdmin } from "../auth/guards";
import { sendPage } from "../lib/paging";
import { listActivity } from "./list-service";
import { startActivityRetention } from "./retention-schedule";

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/activity",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: activityListQuerySchema,
        response: { 200: activityListResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listActivity(app.db, request.query);
      return sendPage(reply, list.records, list.total);
    },
  );

  startActivityRetention(app);
};
