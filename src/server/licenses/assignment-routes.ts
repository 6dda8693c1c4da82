import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../domain/schemas/common";
import {
  assignmentListQuerySchema,
  assignmentListResponseSchema,
  assignmentResponseSchema,
  createAssignmentRequestSchema,
  licenseListQuerySchema,
} from "../../domain/schemas/licenses";
import { actorOf } from "../activity/record";
import { currentSession, requireAdmin, requireSelfOrAdmin } from "../auth/guards";
import { declareListExport } from "../export/list-export-route";
import { assignmentTable } from "../export/tables/assignments";
import { sendCursors } from "../lib/keyset";
import { LARGE_TABLE_ROWS, sendPage } from "../lib/paging";
import {
  createAssignment,
  deactivateAssignment,
  listAssignments,
  listLicensePageAssignments,
  listUserAssignments,
} from "./assignments-service";

export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list and its export share this guard and query (export/list-export-route.ts).
  const assignmentList = {
    url: "/api/assignments",
    preHandler: requireAdmin,
    querystring: assignmentListQuerySchema,
  };
  app.get(
    assignmentList.url,
    {
      preHandler: assignmentList.preHandler,
      schema: {
        description:
          "Every assignment, newest first: whole without limit or offset, one page with either. " +
          "The total of all assignments (a page with no filter) is the database's estimate once " +
          `there are ${LARGE_TABLE_ROWS.toLocaleString("en")} or more (X-Total-Count-Estimated: ` +
          "true); a filtered page, and the short last page, are counted exactly.",
        querystring: assignmentList.querystring,
        response: { 200: assignmentListResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listAssignments(app.db, {
        ...request.query,
        unusedAfterDays: app.config.unusedAfterDays,
      });
      sendCursors(reply, list.cursors);
      return sendPage(reply, list.assignments, list.total, list.estimated);
    },
  );
  declareListExport(app, assignmentList, {
    area: "assignments",
    table: (_request, query) =>
      assignmentTable(app.db, { ...query, unusedAfterDays: app.config.unusedAfterDays }),
  });

  // The seats of one page of GET /api/licenses, asked for with the same query at the same time.
  app.get(
    "/api/assignments/of-license-page",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: licenseListQuerySchema,
        response: { 200: assignmentListResponseSchema },
      },
    },
    async (request) =>
      listLicensePageAssignments(app.db, app.secrets, currentSession(request), {
        ...request.query,
        unusedAfterDays: app.config.unusedAfterDays,
      }),
  );

  app.get(
    "/api/users/:id/assignments",
    {
      preHandler: requireSelfOrAdmin("id"),
      schema: { params: idParamsSchema, response: { 200: assignmentListResponseSchema } },
    },
    async (request) => listUserAssignments(app.db, request.params.id, app.config.unusedAfterDays),
  );

  app.post(
    "/api/assignments",
    {
      preHandler: requireAdmin,
      schema: { body: createAssignmentRequestSchema, response: { 201: assignmentResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createAssignment(app.db, request.body, actorOf(request), {
          mail: app.config.mail,
          unusedAfterDays: app.config.unusedAfterDays,
        }),
      ),
  );

  // The spec's client sends this PATCH with an empty body, possibly still labelled JSON, which
  // Fastify's parser would refuse. The route reads no body, so in this scope any body is ignored.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", (_request, _payload, done) =>
      done(null, undefined),
    );
    scope.withTypeProvider<ZodTypeProvider>().patch(
      "/api/assignments/:id/deactivate",
      {
        preHandler: requireAdmin,
        schema: { params: idParamsSchema, response: { 200: assignmentResponseSchema } },
      },
      async (request) =>
        deactivateAssignment(
          scope.db,
          request.params.id,
          actorOf(request),
          app.config.unusedAfterDays,
          app.config.mail,
        ),
    );
  });
};
