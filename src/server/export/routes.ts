// The Settings page's Data Export (issue 15, decision 0022): GET /api/export/all, every list's
// table with the list's defaults, for administrators. Each list's own export is declared by its
// area beside its list route (list-export-route.ts, decision 0037).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { exportAllQuerySchema, exportFileResponseSchema } from "../../domain/schemas/export";
import { currentSession, requireAdmin } from "../auth/guards";
import { sendLogged } from "./send-logged";
import { everyTable } from "./tables/all";

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/export/all",
    {
      preHandler: requireAdmin,
      // It writes an activity record, so no other site may make a browser fetch it
      // (http/origin-check.ts).
      config: { recordsActivity: true },
      schema: { querystring: exportAllQuerySchema, response: { 200: exportFileResponseSchema } },
    },
    async (request, reply) =>
      sendLogged(app.db, request, reply, {
        area: "settings",
        format: request.query.format,
        bom: request.query.bom,
        filters: {},
        tables: everyTable(
          app.db,
          app.secrets,
          currentSession(request),
          app.config.unusedAfterDays,
        ),
        fileName: "quartermaster-export",
      }),
  );
};
