// Office Accounts area routes: accounts, the logged password reveal, and assignments
// (spec part 2, section 7 'Office accounts'; PATCH and reveal are this server's additions).
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accountAssignmentListQuerySchema,
  accountAssignmentListResponseSchema,
  accountAssignmentResponseSchema,
  accountListQuerySchema,
  accountListResponseSchema,
  accountResponseSchema,
  createAccountAssignmentRequestSchema,
  createAccountRequestSchema,
  revealAccountPasswordResponseSchema,
  updateAccountRequestSchema,
} from "../../domain/schemas/accounts";
import { idParamsSchema, noContentResponseSchema } from "../../domain/schemas/common";
import { actorOf } from "../activity/record";
import { currentSession, requireAdmin, requireUser } from "../auth/guards";
import { viewerOf } from "../auth/viewer";
import { declareListExport } from "../export/list-export-route";
import { officeAccountTable } from "../export/tables/office-accounts";
import { sendCursors } from "../lib/keyset";
import { sendPage } from "../lib/paging";
import {
  createAccountAssignment,
  deactivateAccountAssignment,
  listAccountAssignments,
} from "./assignments-service";
import { revealAccountPassword } from "./reveal-service";
import { createAccount, deleteAccount, getAccount, listAccounts, updateAccount } from "./service";

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list and its export share this guard and query (export/list-export-route.ts).
  const accountList = {
    url: "/api/accounts",
    preHandler: requireUser,
    querystring: accountListQuerySchema,
  };
  app.get(
    accountList.url,
    {
      preHandler: accountList.preHandler,
      schema: {
        querystring: accountList.querystring,
        response: { 200: accountListResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listAccounts(app.db, currentSession(request), {
        ...request.query,
        unusedAfterDays: app.config.unusedAfterDays,
      });
      sendCursors(reply, list.cursors);
      return sendPage(reply, list.accounts, list.total);
    },
  );
  declareListExport(app, accountList, {
    area: "office_accounts",
    table: (request, query) =>
      officeAccountTable(app.db, currentSession(request), {
        ...query,
        unusedAfterDays: app.config.unusedAfterDays,
      }),
  });

  // One account for its Edit dialog (a link from the Activity page): administrators only, as the
  // dialog is. Not in the spec, which reads accounts only as a list.
  app.get(
    "/api/accounts/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: accountResponseSchema } },
    },
    async (request) => getAccount(app.db, request.params.id),
  );

  app.post(
    "/api/accounts",
    {
      preHandler: requireAdmin,
      schema: { body: createAccountRequestSchema, response: { 201: accountResponseSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAccount(app.db, app.secrets, request.body, actorOf(request))),
  );

  app.patch(
    "/api/accounts/:id",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: updateAccountRequestSchema,
        response: { 200: accountResponseSchema },
      },
    },
    async (request) =>
      updateAccount(app.db, app.secrets, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    "/api/accounts/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      await deleteAccount(app.db, request.params.id, actorOf(request));
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/accounts/:id/reveal",
    {
      preHandler: requireUser,
      schema: { params: idParamsSchema, response: { 200: revealAccountPasswordResponseSchema } },
    },
    async (request) =>
      revealAccountPassword(app.db, app.secrets, request.params.id, viewerOf(request)),
  );

  app.get(
    "/api/account-assignments",
    {
      preHandler: requireUser,
      schema: {
        querystring: accountAssignmentListQuerySchema,
        response: { 200: accountAssignmentListResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listAccountAssignments(app.db, currentSession(request), request.query);
      sendCursors(reply, list.cursors);
      return sendPage(reply, list.assignments, list.total);
    },
  );

  app.post(
    "/api/account-assignments",
    {
      preHandler: requireAdmin,
      schema: {
        body: createAccountAssignmentRequestSchema,
        response: { 201: accountAssignmentResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createAccountAssignment(app.db, request.body, actorOf(request), app.config.mail),
        ),
  );

  // Like the license assignments' deactivate: the route reads no body, so any body (the spec's
  // clients send an empty one, possibly labelled JSON) is ignored in this scope.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", (_request, _payload, done) =>
      done(null, undefined),
    );
    scope.withTypeProvider<ZodTypeProvider>().patch(
      "/api/account-assignments/:id/deactivate",
      {
        preHandler: requireAdmin,
        schema: { params: idParamsSchema, response: { 200: accountAssignmentResponseSchema } },
      },
      async (request) =>
        deactivateAccountAssignment(scope.db, request.params.id, actorOf(request), app.config.mail),
    );
  });
};
