// G Suite area routes (spec part 2, 'G Suite Accounts' and section 7). Administrators only: an
// ordinary user gets 403 on every call (section 6).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema, noContentResponseSchema } from "../../domain/schemas/common";
import {
  assignGsuiteUsersRequestSchema,
  assignGsuiteUsersResponseSchema,
  createGsuiteAccountRequestSchema,
  createOrganizationRequestSchema,
  createPlanRequestSchema,
  gsuiteAccountListQuerySchema,
  gsuiteAccountListResponseSchema,
  gsuiteAccountResponseSchema,
  gsuiteSummaryResponseSchema,
  gsuiteUserListQuerySchema,
  gsuiteUserListResponseSchema,
  organizationListResponseSchema,
  organizationResponseSchema,
  planListResponseSchema,
  planResponseSchema,
  revealGsuitePasswordsRequestSchema,
  revealGsuitePasswordsResponseSchema,
  updateGsuiteAccountRequestSchema,
  updateOrganizationRequestSchema,
  updatePlanRequestSchema,
} from "../../domain/schemas/gsuite";
import { actorOf } from "../activity/record";
import { requireAdmin } from "../auth/guards";
import { viewerOf } from "../auth/viewer";
import { declareListExport } from "../export/list-export-route";
import { gsuiteAccountTable } from "../export/tables/gsuite-accounts";
import { sendCursors } from "../lib/keyset";
import { sendPage } from "../lib/paging";
import {
  createAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  revealPasswords,
  updateAccount,
} from "./accounts-service";
import { assignUsers } from "./assign-service";
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  listOrganizations,
  updateOrganization,
} from "./organizations-service";
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from "./plans-service";
import { gsuiteSummary } from "./summary-service";
import { listGsuiteUsers } from "./users-service";

export const gsuiteRoutes: FastifyPluginAsyncZod = async (app) => {
  // Organizations
  app.get(
    "/api/gsuite-organizations",
    { preHandler: requireAdmin, schema: { response: { 200: organizationListResponseSchema } } },
    async () => listOrganizations(app.db),
  );
  // One organization or plan for its Edit dialog (a link from the Activity page); not in the
  // spec, which reads them only as lists.
  app.get(
    "/api/gsuite-organizations/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: organizationResponseSchema } },
    },
    async (request) => getOrganization(app.db, request.params.id),
  );
  app.post(
    "/api/gsuite-organizations",
    {
      preHandler: requireAdmin,
      schema: {
        body: createOrganizationRequestSchema,
        response: { 201: organizationResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createOrganization(app.db, request.body, actorOf(request))),
  );
  app.patch(
    "/api/gsuite-organizations/:id",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: updateOrganizationRequestSchema,
        response: { 200: organizationResponseSchema },
      },
    },
    async (request) =>
      updateOrganization(app.db, request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    "/api/gsuite-organizations/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      await deleteOrganization(app.db, request.params.id, actorOf(request));
      return reply.status(204).send();
    },
  );

  // Plans
  app.get(
    "/api/gsuite-plans",
    { preHandler: requireAdmin, schema: { response: { 200: planListResponseSchema } } },
    async () => listPlans(app.db),
  );
  app.get(
    "/api/gsuite-plans/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: planResponseSchema } },
    },
    async (request) => getPlan(app.db, request.params.id),
  );
  app.post(
    "/api/gsuite-plans",
    {
      preHandler: requireAdmin,
      schema: { body: createPlanRequestSchema, response: { 201: planResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createPlan(app.db, request.body, actorOf(request))),
  );
  app.patch(
    "/api/gsuite-plans/:id",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: updatePlanRequestSchema,
        response: { 200: planResponseSchema },
      },
    },
    async (request) => updatePlan(app.db, request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    "/api/gsuite-plans/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      await deletePlan(app.db, request.params.id, actorOf(request));
      return reply.status(204).send();
    },
  );

  // Accounts
  // The list and its export share this guard and query (export/list-export-route.ts).
  const gsuiteAccountList = {
    url: "/api/gsuite-accounts",
    preHandler: requireAdmin,
    querystring: gsuiteAccountListQuerySchema,
  };
  app.get(
    gsuiteAccountList.url,
    {
      preHandler: gsuiteAccountList.preHandler,
      schema: {
        querystring: gsuiteAccountList.querystring,
        response: { 200: gsuiteAccountListResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listAccounts(app.db, {
        ...request.query,
        unusedAfterDays: app.config.unusedAfterDays,
      });
      sendCursors(reply, list.cursors);
      return sendPage(reply, list.accounts, list.total);
    },
  );
  declareListExport(app, gsuiteAccountList, {
    area: "gsuite",
    table: (_request, query) =>
      gsuiteAccountTable(app.db, { ...query, unusedAfterDays: app.config.unusedAfterDays }),
  });
  app.get(
    "/api/gsuite-accounts/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: gsuiteAccountResponseSchema } },
    },
    async (request) => getAccount(app.db, request.params.id, app.config.unusedAfterDays),
  );
  app.post(
    "/api/gsuite-accounts",
    {
      preHandler: requireAdmin,
      schema: {
        body: createGsuiteAccountRequestSchema,
        response: { 201: gsuiteAccountResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createAccount(
            app.db,
            app.secrets,
            request.body,
            actorOf(request),
            app.config.unusedAfterDays,
            app.config.mail,
          ),
        ),
  );
  app.patch(
    "/api/gsuite-accounts/:id",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: updateGsuiteAccountRequestSchema,
        response: { 200: gsuiteAccountResponseSchema },
      },
    },
    async (request) =>
      updateAccount(
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
    "/api/gsuite-accounts/:id",
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
    "/api/gsuite-accounts/reveal",
    {
      preHandler: requireAdmin,
      schema: {
        body: revealGsuitePasswordsRequestSchema,
        response: { 200: revealGsuitePasswordsResponseSchema },
      },
    },
    async (request) => revealPasswords(app.db, app.secrets, request.body.ids, viewerOf(request)),
  );
  app.post(
    "/api/gsuite-accounts/assign",
    {
      preHandler: requireAdmin,
      schema: {
        body: assignGsuiteUsersRequestSchema,
        response: { 200: assignGsuiteUsersResponseSchema },
      },
    },
    async (request) =>
      assignUsers(app.db, app.secrets, request.body, actorOf(request), app.config.mail),
  );

  // The page's figures and its All Users tab
  app.get(
    "/api/gsuite-summary",
    { preHandler: requireAdmin, schema: { response: { 200: gsuiteSummaryResponseSchema } } },
    async () => gsuiteSummary(app.db),
  );
  app.get(
    "/api/gsuite-users",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: gsuiteUserListQuerySchema,
        response: { 200: gsuiteUserListResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listGsuiteUsers(app.db, request.query);
      return sendPage(reply, list.users, list.total);
    },
  );
};
