// The dashboard's one data call (spec part 1, section 2.6).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { todayIso } from "../../domain/dates";
import {
  dashboardSummaryQuerySchema,
  dashboardSummaryResponseSchema,
} from "../../domain/schemas/dashboard";
import { currentSession, requireUser } from "../auth/guards";
import { dashboardSummary } from "./service";

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/dashboard/summary",
    {
      preHandler: requireUser,
      schema: {
        querystring: dashboardSummaryQuerySchema,
        response: { 200: dashboardSummaryResponseSchema },
      },
    },
    async (request) =>
      dashboardSummary(
        app.db,
        currentSession(request),
        request.query.today ?? todayIso(),
        app.config.unusedAfterDays,
      ),
  );
};
