// The activity log over HTTP: read-only, for administrators. There is deliberately no route that
// changes or deletes a record (decision 0021); the table's trigger refuses it besides.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activityListQuerySchema, activityListResponseSchema } from "../../domain/schemas/activity";
import { requireAdmin } from "../auth/guards";
import { sendCursors } from "../lib/keyset";
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
          "true); a searched or filtered page, and the short last page, are counted exactly. " +
          "A page is read by offset, or by keyset after (or before) a cursor that an earlier " +
          "page's X-Next-Cursor (X-Prev-Cursor) gave; then `offset` counts from the cursor, and " +
          "X-Total-Count is sent only when counted (never with withTotal=false).",
        querystring: activityListQuerySchema,
        response: { 200: activityListResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listActivity(app.db, request.query);
      sendCursors(reply, list.cursors);
      return sendPage(reply, list.records, list.total, list.estimated);
    },
  );

  startActivityRetention(app);
};
