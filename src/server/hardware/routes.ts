// Hardware area routes: hardware items and hardware requests (spec part 2, section 7).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema, noContentResponseSchema } from "../../domain/schemas/common";
import {
  createHardwareRequestRequestSchema,
  createHardwareRequestSchema,
  hardwareListQuerySchema,
  hardwareListResponseSchema,
  hardwareRequestListQuerySchema,
  hardwareRequestListResponseSchema,
  hardwareRequestResponseSchema,
  hardwareResponseSchema,
  hardwareSummaryResponseSchema,
  rejectHardwareRequestRequestSchema,
  updateHardwareRequestSchema,
} from "../../domain/schemas/hardware";
import { actorOf } from "../activity/record";
import { currentSession, requireAdmin, requireUser } from "../auth/guards";
import { declareListExport } from "../export/list-export-route";
import { hardwareTable } from "../export/tables/hardware";
import { hardwareRequestTable } from "../export/tables/hardware-requests";
import { sendCursors } from "../lib/keyset";
import { sendPage } from "../lib/paging";
import {
  approveHardwareRequest,
  createHardwareRequest,
  listHardwareRequests,
  rejectHardwareRequest,
} from "./requests-service";
import {
  createHardware,
  deleteHardware,
  getHardwareFor,
  hardwareSummary,
  listHardware,
  updateHardware,
} from "./service";

export const hardwareRoutes: FastifyPluginAsyncZod = async (app) => {
  // Everyone signed in; an ordinary user gets only free items and their own (list-query.ts).
  // The list and its export share this guard and query (export/list-export-route.ts).
  const hardwareList = {
    url: "/api/hardware",
    preHandler: requireUser,
    querystring: hardwareListQuerySchema,
  };
  app.get(
    hardwareList.url,
    {
      preHandler: hardwareList.preHandler,
      schema: {
        querystring: hardwareList.querystring,
        response: { 200: hardwareListResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listHardware(app.db, currentSession(request), request.query);
      sendCursors(reply, list.cursors);
      return sendPage(reply, list.items, list.total);
    },
  );
  declareListExport(app, hardwareList, {
    area: "hardware",
    table: (request, query) => hardwareTable(app.db, currentSession(request), query),
  });

  app.get(
    "/api/hardware/summary",
    { preHandler: requireUser, schema: { response: { 200: hardwareSummaryResponseSchema } } },
    async (request) => hardwareSummary(app.db, currentSession(request)),
  );

  app.get(
    "/api/hardware/:id",
    {
      preHandler: requireUser,
      schema: { params: idParamsSchema, response: { 200: hardwareResponseSchema } },
    },
    async (request) => getHardwareFor(app.db, currentSession(request), request.params.id),
  );

  app.post(
    "/api/hardware",
    {
      preHandler: requireAdmin,
      schema: { body: createHardwareRequestSchema, response: { 201: hardwareResponseSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createHardware(app.db, request.body, actorOf(request), app.config.mail)),
  );

  app.patch(
    "/api/hardware/:id",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: updateHardwareRequestSchema,
        response: { 200: hardwareResponseSchema },
      },
    },
    async (request) =>
      updateHardware(app.db, request.params.id, request.body, actorOf(request), app.config.mail),
  );

  app.delete(
    "/api/hardware/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      await deleteHardware(app.db, request.params.id, actorOf(request));
      return reply.status(204).send();
    },
  );

  // The list and its export share this guard and query (export/list-export-route.ts).
  const hardwareRequestList = {
    url: "/api/hardware-requests",
    preHandler: requireUser,
    querystring: hardwareRequestListQuerySchema,
  };
  app.get(
    hardwareRequestList.url,
    {
      preHandler: hardwareRequestList.preHandler,
      schema: {
        querystring: hardwareRequestList.querystring,
        response: { 200: hardwareRequestListResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listHardwareRequests(app.db, currentSession(request), request.query);
      sendCursors(reply, list.cursors);
      return sendPage(reply, list.requests, list.total);
    },
  );
  declareListExport(app, hardwareRequestList, {
    area: "hardware_requests",
    table: (request, query) => hardwareRequestTable(app.db, currentSession(request), query),
  });

  app.post(
    "/api/hardware-requests",
    {
      preHandler: requireUser,
      schema: {
        body: createHardwareRequestRequestSchema,
        response: { 201: hardwareRequestResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createHardwareRequest(
            app.db,
            currentSession(request),
            request.body,
            actorOf(request),
          ),
        ),
  );

  // The spec's client sends { approverId }; it is not read: the approver is the session's user.
  app.patch(
    "/api/hardware-requests/:id/approve",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: hardwareRequestResponseSchema } },
    },
    async (request) =>
      approveHardwareRequest(app.db, request.params.id, actorOf(request), app.config.mail),
  );

  app.patch(
    "/api/hardware-requests/:id/reject",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: rejectHardwareRequestRequestSchema,
        response: { 200: hardwareRequestResponseSchema },
      },
    },
    async (request) =>
      rejectHardwareRequest(app.db, request.params.id, actorOf(request), request.body.reason),
  );
};
