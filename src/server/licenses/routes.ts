// Licenses area routes: licenses, a user's licenses, key reveal and view logs, renewals.
// Assignments live in assignment-routes.ts.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema, noContentResponseSchema } from "../../domain/schemas/common";
import {
  createLicenseRequestSchema,
  createLicenseViewLogRequestSchema,
  createRenewalRequestSchema,
  licenseListQuerySchema,
  licenseListResponseSchema,
  licenseResponseSchema,
  licenseViewLogListResponseSchema,
  licenseViewLogResponseSchema,
  renewalListResponseSchema,
  renewalResponseSchema,
  revealLicenseKeyResponseSchema,
  updateLicenseRequestSchema,
  userLicenseListResponseSchema,
  userLicenseResponseSchema,
} from "../../domain/schemas/licenses";
import { actorOf } from "../activity/record";
import {
  currentSession,
  isAdmin,
  requireAdmin,
  requireSelfOrAdmin,
  requireUser,
} from "../auth/guards";
import { viewerOf } from "../auth/viewer";
import { declareListExport } from "../export/list-export-route";
import { licenseTable } from "../export/tables/licenses";
import { sendCursors } from "../lib/keyset";
import { sendPage } from "../lib/paging";
import { narrowReply } from "../lib/role-shape";
import { assignmentRoutes } from "./assignment-routes";
import { createRenewal, listRenewals } from "./renewals-service";
import { listViewLogs, recordLicenseView, revealLicenseKey } from "./reveal-service";
import {
  createLicense,
  deleteLicense,
  getLicenseFor,
  type LicenseList,
  listLicenses,
  updateLicense,
} from "./service";

/**
 * The list stays a bare array with its total in a header (server/lib/paging.ts). Only
 * administrators get order ids, payments and notes (spec part 1, sections 2.7 and 6).
 */
function sendLicenseList(request: FastifyRequest, reply: FastifyReply, list: LicenseList) {
  if (!isAdmin(request)) narrowReply(reply, userLicenseListResponseSchema);
  sendCursors(reply, list.cursors);
  return sendPage(reply, list.licenses, list.total);
}

export const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list and its export share this guard and query (export/list-export-route.ts).
  const licenseList = {
    url: "/api/licenses",
    preHandler: requireUser,
    querystring: licenseListQuerySchema,
  };
  app.get(
    licenseList.url,
    {
      preHandler: licenseList.preHandler,
      schema: {
        querystring: licenseList.querystring,
        response: { 200: licenseListResponseSchema },
      },
    },
    async (request, reply) =>
      sendLicenseList(
        request,
        reply,
        await listLicenses(app.db, app.secrets, currentSession(request), {
          ...request.query,
          unusedAfterDays: app.config.unusedAfterDays,
        }),
      ),
  );
  declareListExport(app, licenseList, {
    area: "licenses",
    table: (request, query) =>
      licenseTable(app.db, app.secrets, currentSession(request), {
        ...query,
        unusedAfterDays: app.config.unusedAfterDays,
      }),
  });

  app.get(
    "/api/users/:id/licenses",
    {
      preHandler: requireSelfOrAdmin("id"),
      schema: {
        params: idParamsSchema,
        querystring: licenseListQuerySchema,
        response: { 200: licenseListResponseSchema },
      },
    },
    async (request, reply) =>
      sendLicenseList(
        request,
        reply,
        await listLicenses(
          app.db,
          app.secrets,
          currentSession(request),
          { ...request.query, unusedAfterDays: app.config.unusedAfterDays },
          request.params.id,
        ),
      ),
  );

  app.get(
    "/api/licenses/:id",
    {
      preHandler: requireUser,
      schema: { params: idParamsSchema, response: { 200: licenseResponseSchema } },
    },
    async (request, reply) => {
      const license = await getLicenseFor(
        app.db,
        currentSession(request),
        request.params.id,
        app.config.unusedAfterDays,
      );
      if (!isAdmin(request)) narrowReply(reply, userLicenseResponseSchema);
      return license;
    },
  );

  app.post(
    "/api/licenses",
    {
      preHandler: requireAdmin,
      schema: { body: createLicenseRequestSchema, response: { 201: licenseResponseSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createLicense(app.db, app.secrets, request.body, actorOf(request), app.config.mail),
        ),
  );

  app.patch(
    "/api/licenses/:id",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: updateLicenseRequestSchema,
        response: { 200: licenseResponseSchema },
      },
    },
    async (request) =>
      updateLicense(
        app.db,
        app.secrets,
        request.params.id,
        request.body,
        actorOf(request),
        app.config.unusedAfterDays,
        app.config.mail,
      ),
  );

  app.delete(
    "/api/licenses/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      await deleteLicense(app.db, request.params.id, actorOf(request));
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/licenses/:id/reveal",
    {
      preHandler: requireUser,
      schema: { params: idParamsSchema, response: { 200: revealLicenseKeyResponseSchema } },
    },
    async (request) => revealLicenseKey(app.db, app.secrets, request.params.id, viewerOf(request)),
  );

  app.post(
    "/api/license-view-logs",
    {
      preHandler: requireUser,
      schema: {
        body: createLicenseViewLogRequestSchema,
        response: { 201: licenseViewLogResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordLicenseView(app.db, request.body.licenseId, viewerOf(request))),
  );

  app.get(
    "/api/licenses/:id/view-logs",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: licenseViewLogListResponseSchema } },
    },
    async (request) => listViewLogs(app.db, request.params.id),
  );

  app.post(
    "/api/renewals",
    {
      preHandler: requireAdmin,
      schema: { body: createRenewalRequestSchema, response: { 201: renewalResponseSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createRenewal(app.db, app.secrets, request.body, actorOf(request))),
  );

  app.get(
    "/api/licenses/:id/renewals",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: renewalListResponseSchema } },
    },
    async (request) => listRenewals(app.db, app.secrets, request.params.id),
  );

  await app.register(assignmentRoutes);
};
