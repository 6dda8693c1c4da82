// Import routes (administrators only). The file is the request body: Content-Type text/csv, read
// as bytes so its encoding can be checked before anything else (csv-file.ts), or an Excel
// workbook's bytes (xlsx-file.ts); the query says how to read it (mapping, separator, sheet, date
// format). The body limit refuses a larger upload before reading it.
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../domain/schemas/common";
import {
  importAreaParamsSchema,
  importCommitQuerySchema,
  importFileBodySchema,
  importHistoryQuerySchema,
  importHistoryResponseSchema,
  importPreviewResponseSchema,
  importProgressResponseSchema,
  importReadQuerySchema,
  importResultResponseSchema,
  importTemplateResponseSchema,
  importUndoResponseSchema,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_MEGABYTES,
  XLSX_MEDIA_TYPE,
} from "../../domain/schemas/imports";
import { actorOf } from "../activity/record";
import { requireAdmin } from "../auth/guards";
import { AppError } from "../http/errors";
import { sendPage } from "../lib/paging";
import { importRunning } from "./claim";
import { decodeCsvBytes } from "./csv-file";
import { listImports } from "./history";
import { progressOf } from "./progress";
import { commitImport, previewImport } from "./service";
import { templateCsv } from "./template";
import { undoImport } from "./undo";

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only inside this plugin: no other route takes a CSV body.
  app.addContentTypeParser(
    "text/csv",
    { parseAs: "buffer", bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => {
      try {
        done(null, decodeCsvBytes(body as Buffer));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  // A workbook's bytes go to the service as they are: which sheet to read is in the query.
  app.addContentTypeParser(
    XLSX_MEDIA_TYPE,
    { parseAs: "buffer", bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );
  // The app's handler says "The request body is too large"; an upload deserves its limit named.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      throw new AppError(
        413,
        "PAYLOAD_TOO_LARGE",
        `The file is larger than ${MAX_IMPORT_MEGABYTES} MB, the most one import takes. Split it into smaller files.`,
      );
    }
    throw error;
  });

  app.get(
    "/api/imports/:area/template",
    {
      preHandler: requireAdmin,
      schema: {
        params: importAreaParamsSchema,
        response: { 200: importTemplateResponseSchema },
      },
    },
    async (request, reply) => {
      const { area } = request.params;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${area}-import-template.csv"`)
        .send(await templateCsv(area));
    },
  );

  app.post(
    "/api/imports/:area/preview",
    {
      preHandler: requireAdmin,
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        params: importAreaParamsSchema,
        querystring: importReadQuerySchema,
        body: importFileBodySchema,
        response: { 200: importPreviewResponseSchema },
      },
    },
    async (request) =>
      previewImport(app.db, app.secrets, request.params.area, request.body, request.query),
  );

  app.post(
    "/api/imports/:area",
    {
      preHandler: requireAdmin,
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        params: importAreaParamsSchema,
        querystring: importCommitQuerySchema,
        body: importFileBodySchema,
        response: { 200: importResultResponseSchema },
      },
    },
    async (request) =>
      commitImport(app.db, app.secrets, request.params.area, request.body, {
        actor: actorOf(request),
        skipInvalid: request.query.skipInvalid,
        read: request.query,
        fileName: request.query.fileName ?? null,
        statistics: app.statistics,
      }),
  );

  app.get(
    "/api/imports/:area/progress",
    {
      preHandler: requireAdmin,
      schema: {
        params: importAreaParamsSchema,
        response: { 200: importProgressResponseSchema },
      },
    },
    async (request) => {
      const { area } = request.params;
      const here = progressOf(app.db, area);
      if (here) return { running: true, ...here };
      const running = await importRunning(app.db, area);
      return { running, phase: null, processed: 0, total: 0 };
    },
  );

  // The history (issue 31, item 4): every import, newest first; an administrator may undo one.
  app.get(
    "/api/imports",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: importHistoryQuerySchema,
        response: { 200: importHistoryResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listImports(app.db, request.query);
      return sendPage(reply, list.items, list.total);
    },
  );

  app.delete(
    "/api/imports/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: importUndoResponseSchema } },
    },
    async (request) => undoImport(app.db, request.params.id, actorOf(request)),
  );
};
