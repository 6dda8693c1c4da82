// The activity log over HTTP: read-only, for administrators. There is deliberately no route that
// changes or deletes a record (decision 0021); the table's trigger refuses it besides.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activityListQuerySchema, activityListResponseSchema } from "../../domain/schemas/activity";
import { requireAdmin } from "../auth/guards";
import { LARGE_TABLE_ROWS, sendPage } from "../lib/paging";
import { listActivity } from "./list-service";
import { startActivityRetention } from "./retention-schedule";

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/activity",
    {
      preHandler: requireAdmin,
      schema: {
        description:
          "The log, newest first, one page at a time. The total of the whole log (a page with no " +
          "search and no filter) is the database's estimate once the log holds " +
          `${LARGE_TABLE_ROWS.toLocaleString("en")} records or more (X-Total-Count-Estimated: ` +
          "true); a searched or filtered page, and the short last page, are counted exactly.",
        querystring: activityListQuerySchema,
        response: { 200: activityListResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listActivity(app.db, request.query);
      return sendPage(reply, list.records, list.total, list.estimated);
    },
  );

  startActivityRetention(app);
};
