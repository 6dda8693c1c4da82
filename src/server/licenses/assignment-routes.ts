import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../domain/schemas/common";
import { assignmentListQuerySchema, createAssignmentSchema } from "../../domain/schemas/licenses";
import { requireAdmin, requireSelfOrAdmin } from "../auth/guards";
import {
  createAssignment,
  deactivateAssignment,
  listAssignments,
  listUserAssignments,
} from "./assignments-service";

export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/assignments",
    { preHandler: requireAdmin, schema: { querystring: assignmentListQuerySchema } },
    async (request) => listAssignments(app.db, request.query),
  );

  app.get(
    "/api/users/:id/assignments",
    { preHandler: requireSelfOrAdmin("id"), schema: { params: idParamsSchema } },
    async (request) => listUserAssignments(app.db, request.params.id),
  );

  app.post(
    "/api/assignments",
    { preHandler: requireAdmin, schema: { body: createAssignmentSchema } },
    async (request, reply) => reply.status(201).send(await createAssignment(app.db, request.body)),
  );

  // The spec's client sends this PATCH with an empty body, possibly still labelled JSON, which
  // Fastify's parser would refuse. The route reads no body, so in this scope any body is ignored.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", (_request, _payload, done) =>
      done(null, undefined),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .patch(
        "/api/assignments/:id/deactivate",
        { preHandler: requireAdmin, schema: { params: idParamsSchema } },
        async (request) => deactivateAssignment(scope.db, request.params.id),
      );
  });
};
