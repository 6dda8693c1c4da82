// Directory Management (spec part 2, section 7 'Directories'): administrators only.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema, noContentResponseSchema } from "../../domain/schemas/common";
import {
  createDirectoryRequestSchema,
  directoryHistoryResponseSchema,
  directoryListQuerySchema,
  directoryListResponseSchema,
  directoryResponseSchema,
  recordDirectoryPaymentRequestSchema,
  recordDirectoryPaymentResponseSchema,
  updateDirectoryRequestSchema,
} from "../../domain/schemas/directories";
import { actorOf } from "../activity/record";
import { currentSession, requireAdmin } from "../auth/guards";
import { declareListExport } from "../export/list-export-route";
import { directoryTable } from "../export/tables/directories";
import { sendCursors } from "../lib/keyset";
import { sendPage } from "../lib/paging";
import {
  createDirectory,
  deleteDirectory,
  directoryHistory,
  getDirectory,
  listDirectories,
  recordDirectoryPayment,
  restoreDirectory,
  updateDirectory,
} from "./service";

export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list and its export share this guard and query (export/list-export-route.ts).
  const directoryList = {
    url: "/api/directories",
    preHandler: requireAdmin,
    querystring: directoryListQuerySchema,
  };
  app.get(
    directoryList.url,
    {
      preHandler: directoryList.preHandler,
      schema: {
        querystring: directoryList.querystring,
        response: { 200: directoryListResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listDirectories(app.db, request.query);
      sendCursors(reply, list.cursors);
      return sendPage(reply, list.directories, list.total);
    },
  );
  declareListExport(app, directoryList, {
    area: "directories",
    table: (_request, query) => directoryTable(app.db, query),
  });

  // One listing for its Edit dialog (a link from the Activity page); not in the spec, which reads
  // listings only as a list. A deleted listing is not found, as in the list.
  app.get(
    "/api/directories/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: directoryResponseSchema } },
    },
    async (request) => getDirectory(app.db, request.params.id),
  );

  app.post(
    "/api/directories",
    {
      preHandler: requireAdmin,
      schema: { body: createDirectoryRequestSchema, response: { 201: directoryResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createDirectory(app.db, request.body, actorOf(request))),
  );

  app.patch(
    "/api/directories/:id",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: updateDirectoryRequestSchema,
        response: { 200: directoryResponseSchema },
      },
    },
    async (request) =>
      updateDirectory(
        app.db,
        request.params.id,
        request.body,
        currentSession(request).user.id,
        actorOf(request),
      ),
  );

  app.delete(
    "/api/directories/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      await deleteDirectory(app.db, request.params.id, actorOf(request));
      return reply.status(204).send();
    },
  );

  // The Undo of the 'deleted' toast.
  app.post(
    "/api/directories/:id/restore",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: directoryResponseSchema } },
    },
    async (request) => restoreDirectory(app.db, request.params.id, actorOf(request)),
  );

  app.get(
    "/api/directories/:id/payments",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: directoryHistoryResponseSchema } },
    },
    async (request) => directoryHistory(app.db, request.params.id),
  );

  app.post(
    "/api/directories/:id/payments",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: recordDirectoryPaymentRequestSchema,
        response: { 201: recordDirectoryPaymentResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await recordDirectoryPayment(
            app.db,
            request.params.id,
            request.body,
            currentSession(request).user.id,
            actorOf(request),
          ),
        ),
  );
};
