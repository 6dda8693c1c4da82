// Hosting (spec part 2, section 7 'Hosting'): administrators only. Reads come from the database;
// the two fetch calls import from DigitalOcean (import-service.ts) and say what changed.
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { todayIso } from "../../domain/dates";
import {
  HOSTING_NOT_CONFIGURED_MESSAGE,
  type HostingImportKind,
  hostingCostsResponseSchema,
  hostingDropletsResponseSchema,
  hostingImportResponseSchema,
  hostingStatusResponseSchema,
  hostingSummaryQuerySchema,
  hostingSummaryResponseSchema,
} from "../../domain/schemas/hosting";
import { actorOf } from "../activity/record";
import { requireAdmin } from "../auth/guards";
import { declareListExport } from "../export/list-export-route";
import { hostingCostTable } from "../export/tables/hosting-costs";
import { conflict } from "../http/errors";
import { registerJsonBodyParser } from "../http/json-body";
import { createDigitalOceanProvider } from "./digitalocean";
import { runHostingImport } from "./import-service";
import type { HostingProvider } from "./provider";
import { hostingStatus, hostingSummary, listCosts, listDroplets } from "./read-service";
import { scheduleHostingRefresh } from "./scheduler";

/** The configured provider, or null without a token. */
export function hostingProviderOf(app: FastifyInstance): HostingProvider | null {
  const options = app.config.digitalocean;
  if (!options.token) return null;
  return createDigitalOceanProvider({ ...options, token: options.token });
}

export const hostingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The fetch calls take no body (spec part 2, section 7); a caller that still says
  // 'Content-Type: application/json' with an empty body is not refused for it. Only in this
  // plugin: everywhere else an empty JSON body stays a 400.
  registerJsonBodyParser(app, { allowEmpty: true });

  app.get(
    "/api/hosting/status",
    { preHandler: requireAdmin, schema: { response: { 200: hostingStatusResponseSchema } } },
    async () => hostingStatus(app.db, Boolean(app.config.digitalocean.token)),
  );

  app.get(
    "/api/hosting/droplets",
    { preHandler: requireAdmin, schema: { response: { 200: hostingDropletsResponseSchema } } },
    async () => listDroplets(app.db),
  );

  // The list and its export share this guard (export/list-export-route.ts); neither has filters.
  const costList = { url: "/api/hosting/costs", preHandler: requireAdmin };
  app.get(
    costList.url,
    { preHandler: costList.preHandler, schema: { response: { 200: hostingCostsResponseSchema } } },
    async () => listCosts(app.db),
  );
  declareListExport(app, costList, {
    area: "hosting",
    table: () => hostingCostTable(app.db),
  });

  app.get(
    "/api/hosting/summary",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: hostingSummaryQuerySchema,
        response: { 200: hostingSummaryResponseSchema },
      },
    },
    // DigitalOcean bills by calendar month in UTC.
    async (request) => hostingSummary(app.db, request.query.today ?? todayIso("UTC")),
  );

  const importRoute = (url: string, kind: HostingImportKind) =>
    app.post(
      url,
      { preHandler: requireAdmin, schema: { response: { 200: hostingImportResponseSchema } } },
      async (request) => {
        const provider = hostingProviderOf(app);
        if (!provider) throw conflict("HOSTING_NOT_CONFIGURED", HOSTING_NOT_CONFIGURED_MESSAGE);
        const result = await runHostingImport(app.db, provider, {
          kind,
          trigger: "manual",
          actor: actorOf(request),
        });
        // Only the scheduler's re-check skips an import.
        return result!;
      },
    );
  importRoute("/api/hosting/fetch-latest", "latest");
  importRoute("/api/hosting/fetch-previous-month", "previous_month");

  // The daily refresh starts with the server listening (not in tests driven by inject).
  if (app.config.digitalocean.token && app.config.digitalocean.dailyRefresh) {
    let stop: (() => void) | undefined;
    app.addHook("onListen", async () => {
      stop = scheduleHostingRefresh({
        db: app.db,
        provider: () => hostingProviderOf(app),
        log: app.log,
      });
    });
    app.addHook("onClose", async () => stop?.());
  }
};
