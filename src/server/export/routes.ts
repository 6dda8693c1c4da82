// Export routes (issue 15, decision 0022): GET /api/<list>/export?format=csv|xlsx|pdf&<the
// list's own query> for every list, each with its list route's own guard (the list function
// narrows an ordinary user to their own rows), and GET /api/export/all for the Settings page's
// Data Export. Every export is recorded in the activity log when its download ends.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ActivityArea } from "../../domain/activity";
import { accountListQuerySchema } from "../../domain/schemas/accounts";
import { directoryListQuerySchema } from "../../domain/schemas/directories";
import {
  EXPORT_FORMAT_FIELD,
  type ExportAllFormat,
  type ExportFormat,
  exportAllQuerySchema,
  exportFileResponseSchema,
  exportFormatSchema,
  PAGE_WINDOW,
} from "../../domain/schemas/export";
import { gsuiteAccountListQuerySchema } from "../../domain/schemas/gsuite";
import {
  hardwareListQuerySchema,
  hardwareRequestListQuerySchema,
} from "../../domain/schemas/hardware";
import { assignmentListQuerySchema, licenseListQuerySchema } from "../../domain/schemas/licenses";
import { trustReviewListQuerySchema } from "../../domain/schemas/trust-reviews";
import { userListQuerySchema } from "../../domain/schemas/users";
import { actorOf, recordActivity } from "../activity/record";
import { currentSession, requireAdmin, requireUser } from "../auth/guards";
import type { Db } from "../db/client";
import { type ExportOutcome, sendExport } from "./send";
import type { ExportTable } from "./table";
import { everyTable } from "./tables/all";
import { assignmentTable } from "./tables/assignments";
import { directoryTable } from "./tables/directories";
import { gsuiteAccountTable } from "./tables/gsuite-accounts";
import { hardwareTable } from "./tables/hardware";
import { hardwareRequestTable } from "./tables/hardware-requests";
import { hostingCostTable } from "./tables/hosting-costs";
import { licenseTable } from "./tables/licenses";
import { officeAccountTable } from "./tables/office-accounts";
import { trustReviewTable } from "./tables/trust-reviews";
import { userTable } from "./tables/users";

const fileResponse = { 200: exportFileResponseSchema };
/** A list without filters of its own (hosting costs): just the format. */
const formatOnlyQuerySchema = exportAllQuerySchema.extend({ format: exportFormatSchema });

/**
 * Sends the file and, once the download has ended (or broken off), records who exported what:
 * the format, the filters as sent, the rows written and whether it completed.
 */
function sendLogged(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    area: ActivityArea;
    format: ExportFormat | ExportAllFormat;
    filters: Record<string, unknown>;
    tables: ExportTable<unknown>[];
    fileName: string;
  },
) {
  const actor = actorOf(request);
  const record = (outcome: ExportOutcome) =>
    recordActivity(db, actor, {
      action: "export",
      area: options.area,
      itemId: null,
      itemLabel: options.tables.map((table) => table.title).join(", "),
      detail: {
        format: outcome.format,
        // The license search also matches keys: a search text could be a key, so the log (which
        // keeps everything) says only that there was one, like the request log.
        filters: withoutSearchText(options.filters),
        rows: options.tables.length === 1 ? outcome.rows[options.tables[0]!.name] : outcome.rows,
        completed: outcome.completed,
      },
    });
  return sendExport(reply, { ...options, onEnd: record });
}

const withoutSearchText = (filters: Record<string, unknown>) =>
  typeof filters.search === "string" && filters.search !== ""
    ? { ...filters, search: "[redacted]" }
    : filters;

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  // Every export is logged: none may be fetched on another site's behalf (http/origin-check.ts).
  // In this plugin only, so the routes declared below, and no others, are marked.
  app.addHook("onRoute", (route) => {
    route.config = { ...route.config, recordsActivity: true };
  });

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
      const table = licenseTable(db, app.secrets, currentSession(request), query);
      return sendLogged(db, request, reply, {
        area: "licenses",
        format,
        filters: query,
        tables: [table],
        fileName: "licenses",
      });
    },
  );

  app.get(
    "/api/assignments/export",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: assignmentListQuerySchema.omit(PAGE_WINDOW).extend(EXPORT_FORMAT_FIELD),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendLogged(db, request, reply, {
        area: "assignments",
        format,
        filters: query,
        tables: [assignmentTable(db, query)],
        fileName: "assignments",
      });
    },
  );

  app.get(
    "/api/users/export",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: userListQuerySchema.omit(PAGE_WINDOW).extend(EXPORT_FORMAT_FIELD),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendLogged(db, request, reply, {
        area: "users",
        format,
        filters: query,
        tables: [userTable(db, query)],
        fileName: "users",
      });
    },
  );

  app.get(
    "/api/hardware/export",
    {
      preHandler: requireUser,
      schema: {
        querystring: hardwareListQuerySchema.omit(PAGE_WINDOW).extend(EXPORT_FORMAT_FIELD),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendLogged(db, request, reply, {
        area: "hardware",
        format,
        filters: query,
        tables: [hardwareTable(db, currentSession(request), query)],
        fileName: "hardware",
      });
    },
  );

  app.get(
    "/api/hardware-requests/export",
    {
      preHandler: requireUser,
      schema: {
        querystring: hardwareRequestListQuerySchema.omit(PAGE_WINDOW).extend(EXPORT_FORMAT_FIELD),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendLogged(db, request, reply, {
        area: "hardware_requests",
        format,
        filters: query,
        tables: [hardwareRequestTable(db, currentSession(request), query)],
        fileName: "hardware-requests",
      });
    },
  );

  app.get(
    "/api/accounts/export",
    {
      preHandler: requireUser,
      schema: {
        querystring: accountListQuerySchema.omit(PAGE_WINDOW).extend(EXPORT_FORMAT_FIELD),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendLogged(db, request, reply, {
        area: "office_accounts",
        format,
        filters: query,
        tables: [officeAccountTable(db, currentSession(request), query)],
        fileName: "office-accounts",
      });
    },
  );

  app.get(
    "/api/directories/export",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: directoryListQuerySchema.omit(PAGE_WINDOW).extend(EXPORT_FORMAT_FIELD),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendLogged(db, request, reply, {
        area: "directories",
        format,
        filters: query,
        tables: [directoryTable(db, query)],
        fileName: "directories",
      });
    },
  );

  app.get(
    "/api/gsuite-accounts/export",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: gsuiteAccountListQuerySchema.omit(PAGE_WINDOW).extend(EXPORT_FORMAT_FIELD),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendLogged(db, request, reply, {
        area: "gsuite",
        format,
        filters: query,
        tables: [gsuiteAccountTable(db, query)],
        fileName: "gsuite-accounts",
      });
    },
  );

  app.get(
    "/api/trust-reviews/export",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: trustReviewListQuerySchema.omit(PAGE_WINDOW).extend(EXPORT_FORMAT_FIELD),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendLogged(db, request, reply, {
        area: "trust_reviews",
        format,
        filters: query,
        tables: [trustReviewTable(db, query)],
        fileName: "trust-reviews",
      });
    },
  );

  app.get(
    "/api/hosting/costs/export",
    {
      preHandler: requireAdmin,
      schema: { querystring: formatOnlyQuerySchema, response: fileResponse },
    },
    async (request, reply) =>
      sendLogged(db, request, reply, {
        area: "hosting",
        format: request.query.format,
        filters: {},
        tables: [hostingCostTable(db)],
        fileName: "hosting-costs",
      }),
  );

  app.get(
    "/api/export/all",
    {
      preHandler: requireAdmin,
      schema: { querystring: exportAllQuerySchema, response: fileResponse },
    },
    async (request, reply) =>
      sendLogged(db, request, reply, {
        area: "settings",
        format: request.query.format,
        filters: {},
        tables: everyTable(db, app.secrets, currentSession(request)),
        fileName: "quartermaster-export",
      }),
  );
};
