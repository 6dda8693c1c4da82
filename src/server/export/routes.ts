// Export routes (issue 15, decision 0022): GET /api/<list>/export?format=csv|xlsx|pdf&<the
// list's own query> for every list, with the list route's own guard (the list function narrows
// an ordinary user to their own rows), and GET /api/export/all for the Settings page.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  EXPORT_FORMAT_FIELD,
  exportFileResponseSchema,
  PAGE_WINDOW,
} from "../../domain/schemas/export";
import { licenseListQuerySchema } from "../../domain/schemas/licenses";
import { currentSession, requireUser } from "../auth/guards";
import { sendExport } from "./send";
import { licenseTable } from "./tables/licenses";

const fileResponse = { 200: exportFileResponseSchema };

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/licenses/export",
    {
      preHandler: requireUser,
      schema: {
        querystring: licenseListQuerySchema.omit(PAGE_WINDOW).extend(EXPORT_FORMAT_FIELD),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const table = licenseTable(app.db, app.secrets, currentSession(request), query);
      return sendExport(reply, { fileName: "licenses", format, tables: [table] });
    },
  );
};
