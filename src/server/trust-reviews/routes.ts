// Trust Reviews (spec part 2, section 7 'Trust reviews'): administrators only.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../domain/schemas/common";
import {
  createTrustReviewRequestSchema,
  trustReviewApprovalRequestSchema,
  trustReviewListQuerySchema,
  trustReviewListResponseSchema,
  trustReviewResponseSchema,
  trustReviewStatusRequestSchema,
  trustReviewSummaryQuerySchema,
  trustReviewSummaryResponseSchema,
  updateTrustReviewRequestSchema,
} from "../../domain/schemas/trust-reviews";
import { actorOf } from "../activity/record";
import { currentSession, requireAdmin } from "../auth/guards";
import { declareListExport } from "../export/list-export-route";
import { trustReviewTable } from "../export/tables/trust-reviews";
import { sendCursors } from "../lib/keyset";
import { sendPage } from "../lib/paging";
import {
  createTrustReview,
  decideTrustReview,
  findTrustReview,
  listTrustReviews,
  setTrustReviewActive,
  updateTrustReview,
} from "./service";
import { trustReviewSummary } from "./summary";

export const trustReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list and its export share this guard and query (export/list-export-route.ts).
  const trustReviewList = {
    url: "/api/trust-reviews",
    preHandler: requireAdmin,
    querystring: trustReviewListQuerySchema,
  };
  app.get(
    trustReviewList.url,
    {
      preHandler: trustReviewList.preHandler,
      schema: {
        querystring: trustReviewList.querystring,
        response: { 200: trustReviewListResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await listTrustReviews(app.db, request.query);
      sendCursors(reply, list.cursors);
      return sendPage(reply, list.reviews, list.total);
    },
  );
  declareListExport(app, trustReviewList, {
    area: "trust_reviews",
    table: (_request, query) => trustReviewTable(app.db, query),
  });

  app.get(
    "/api/trust-reviews/summary",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: trustReviewSummaryQuerySchema,
        response: { 200: trustReviewSummaryResponseSchema },
      },
    },
    async (request) => trustReviewSummary(app.db, request.query.currency),
  );

  // One client license assignment for its Edit dialog (a link from the Activity page); not in the
  // spec, which reads them only as a list.
  app.get(
    "/api/trust-reviews/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: trustReviewResponseSchema } },
    },
    async (request) => findTrustReview(app.db, request.params.id),
  );

  app.post(
    "/api/trust-reviews",
    {
      preHandler: requireAdmin,
      schema: {
        body: createTrustReviewRequestSchema,
        response: { 201: trustReviewResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createTrustReview(app.db, request.body, currentSession(request), actorOf(request)),
        ),
  );

  app.patch(
    "/api/trust-reviews/:id",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: updateTrustReviewRequestSchema,
        response: { 200: trustReviewResponseSchema },
      },
    },
    async (request) =>
      updateTrustReview(
        app.db,
        request.params.id,
        request.body,
        currentSession(request),
        actorOf(request),
      ),
  );

  app.patch(
    "/api/trust-reviews/:id/approval",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: trustReviewApprovalRequestSchema,
        response: { 200: trustReviewResponseSchema },
      },
    },
    async (request) =>
      decideTrustReview(
        app.db,
        request.params.id,
        request.body,
        currentSession(request),
        actorOf(request),
      ),
  );

  app.patch(
    "/api/trust-reviews/:id/status",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: trustReviewStatusRequestSchema,
        response: { 200: trustReviewResponseSchema },
      },
    },
    async (request) =>
      setTrustReviewActive(app.db, request.params.id, request.body, actorOf(request)),
  );
};
