import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../domain/schemas/common";
import {
  createUserSchema,
  updateUserSchema,
  userListQuerySchema,
} from "../../domain/schemas/users";
import { currentSession, requireAdmin, requireSelfOrAdmin } from "../auth/guards";
import { createUser, deleteUser, getUser, listUsers, updateUser } from "./service";
import { toUserDto } from "./user-dto";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/users",
    { preHandler: requireAdmin, schema: { querystring: userListQuerySchema } },
    async (request) => listUsers(app.db, request.query.search),
  );

  app.get(
    "/api/users/:id",
    { preHandler: requireSelfOrAdmin("id"), schema: { params: idParamsSchema } },
    async (request) => toUserDto(await getUser(app.db, request.params.id)),
  );

  app.post(
    "/api/users",
    { preHandler: requireAdmin, schema: { body: createUserSchema } },
    async (request, reply) => reply.status(201).send(await createUser(app.db, request.body)),
  );

  app.patch(
    "/api/users/:id",
    { preHandler: requireAdmin, schema: { params: idParamsSchema, body: updateUserSchema } },
    async (request) => updateUser(app.db, request.params.id, request.body),
  );

  app.delete(
    "/api/users/:id",
    { preHandler: requireAdmin, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await deleteUser(app.db, request.params.id, currentSession(request).user.id);
      return reply.status(204).send();
    },
  );
};
