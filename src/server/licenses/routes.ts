// Licenses area routes: licenses, a user's licenses, key reveal and view logs, renewals.
// Assignments live in assignment-routes.ts.
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../domain/schemas/common";
import {
  createLicenseViewLogSchema,
  createRenewalSchema,
  licenseFormSchema,
  licenseListQuerySchema,
  updateLicenseSchema,
} from "../../domain/schemas/licenses";
import { currentSession, requireAdmin, requireSelfOrAdmin, requireUser } from "../auth/guards";
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
import { viewerOf } from "./viewer-context";

/** The list stays a bare array (the spec's client reads one); a page's total rides in a header. */
function sendLicenseList(reply: FastifyReply, list: LicenseList) {
  if (list.total !== null) reply.header("X-Total-Count", String(list.total));
  return list.licenses;
}

export const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/licenses",
    { preHandler: requireUser, schema: { querystring: licenseListQuerySchema } },
    async (request, reply) =>
      sendLicenseList(
        reply,
        await listLicenses(app.db, app.secrets, currentSession(request), request.query),
      ),
  );

  app.get(
    "/api/users/:id/licenses",
    {
      preHandler: requireSelfOrAdmin("id"),
      schema: { params: idParamsSchema, querystring: licenseListQuerySchema },
    },
    async (request, reply) =>
      sendLicenseList(
        reply,
        await listLicenses(
          app.db,
          app.secrets,
          currentSession(request),
          request.query,
          request.params.id,
        ),
      ),
  );

  app.get(
    "/api/licenses/:id",
    { preHandler: requireUser, schema: { params: idParamsSchema } },
    async (request) => getLicenseFor(app.db, currentSession(request), request.params.id),
  );

  app.post(
    "/api/licenses",
    { preHandler: requireAdmin, schema: { body: licenseFormSchema } },
    async (request, reply) =>
      reply.status(201).send(await createLicense(app.db, app.secrets, request.body)),
  );

  app.patch(
    "/api/licenses/:id",
    { preHandler: requireAdmin, schema: { params: idParamsSchema, body: updateLicenseSchema } },
    async (request) => updateLicense(app.db, app.secrets, request.params.id, request.body),
  );

  app.delete(
    "/api/licenses/:id",
    { preHandler: requireAdmin, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await deleteLicense(app.db, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/licenses/:id/reveal",
    { preHandler: requireUser, schema: { params: idParamsSchema } },
    async (request) => revealLicenseKey(app.db, app.secrets, request.params.id, viewerOf(request)),
  );

  app.post(
    "/api/license-view-logs",
    { preHandler: requireUser, schema: { body: createLicenseViewLogSchema } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordLicenseView(app.db, request.body.licenseId, viewerOf(request))),
  );

  app.get(
    "/api/licenses/:id/view-logs",
    { preHandler: requireAdmin, schema: { params: idParamsSchema } },
    async (request) => listViewLogs(app.db, request.params.id),
  );

  app.post(
    "/api/renewals",
    { preHandler: requireAdmin, schema: { body: createRenewalSchema } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createRenewal(app.db, app.secrets, request.body, currentSession(request).user.id),
        ),
  );

  app.get(
    "/api/licenses/:id/renewals",
    { preHandler: requireAdmin, schema: { params: idParamsSchema } },
    async (request) => listRenewals(app.db, app.secrets, request.params.id),
  );

  await app.register(assignmentRoutes);
};
