import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema, noContentResponseSchema } from "../../domain/schemas/common";
import {
  createUserRequestSchema,
  updateUserRequestSchema,
  userHoldingsResponseSchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
} from "../../domain/schemas/users";
import { actorOf } from "../activity/record";
import { currentSession, requireAdmin, requireSelfOrAdmin } from "../auth/guards";
import { declareListExport } from "../export/list-export-route";
import { userTable } from "../export/tables/users";
import { sendCursors } from "../lib/keyset";
import { sendPage } from "../lib/paging";
import { describeHoldings } from "./holdings";
import { createUser, deleteUser, getUser, getUserResponse, listUsers, updateUser } from "./service";
import { ownUserResponse } from "./user-response";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list and its export share this guard and query (export/list-export-route.ts).
  const userList = {
    url: "/api/users",
    preHandler: requireAdmin,
    querystring: userListQuerySchema,
  };
  app.get(
    userList.url,
    {
      preHandler: userList.preHandler,
      schema: { querystring: userList.querystring, response: { 200: userListResponseSchema } },
    },
    async (request, reply) => {
      const list = await listUsers(app.db, request.query);
      sendCursors(reply, list.cursors);
      return sendPage(reply, list.users, list.total);
    },
  );
  declareListExport(app, userList, {
    area: "users",
    table: (_request, query) => userTable(app.db, query),
  });

  app.get(
    "/api/users/:id",
    {
      preHandler: requireSelfOrAdmin("id"),
      schema: { params: idParamsSchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      const session = currentSession(request);
      // One's own record (the profile page, the shell) comes with the session, read or cached.
      const own = session.user.id === request.params.id ? ownUserResponse(session) : null;
      return own ?? getUserResponse(app.db, request.params.id);
    },
  );

  // What the user holds: what deleting or deactivating them would release (the confirmations),
  // item by item for the Offboard dialog.
  app.get(
    "/api/users/:id/holdings",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: userHoldingsResponseSchema } },
    },
    async (request) => {
      const person = await getUser(app.db, request.params.id);
      return describeHoldings(app.db, person);
    },
  );

  app.post(
    "/api/users",
    {
      preHandler: requireAdmin,
      schema: { body: createUserRequestSchema, response: { 201: userResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createUser(app.db, request.body, actorOf(request))),
  );

  app.patch(
    "/api/users/:id",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const user = await updateUser(app.db, request.params.id, request.body, actorOf(request));
      // Committed: in force on every instance before this answers.
      await app.sessions.revoked({ userId: request.params.id });
      return user;
    },
  );

  app.delete(
    "/api/users/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      await deleteUser(app.db, request.params.id, actorOf(request));
      await app.sessions.revoked({ userId: request.params.id });
      return reply.status(204).send();
    },
  );
};
