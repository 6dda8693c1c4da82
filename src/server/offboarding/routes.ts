// Offboarding (issue 16): administrators only. The holdings it decides on are read with
// GET /api/users/:id/holdings (users/routes.ts).
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../domain/schemas/common";
import {
  checklistFileResponseSchema,
  offboardingResponseSchema,
  offboardRequestSchema,
} from "../../domain/schemas/offboarding";
import { actorOf } from "../activity/record";
import { currentSession, requireAdmin } from "../auth/guards";
import { checklistPdf } from "./checklist-pdf";
import { latestOffboarding, offboardUser } from "./service";

export const offboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/users/:id/offboard",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: offboardRequestSchema,
        response: { 200: offboardingResponseSchema },
      },
    },
    async (request) => {
      const done = await offboardUser(
        app.db,
        request.params.id,
        request.body,
        {
          session: currentSession(request),
          actor: actorOf(request),
        },
        app.config.mail,
      );
      // Committed: the person's sessions are gone on every instance before this answers.
      await app.sessions.revoked({ userId: request.params.id });
      return done;
    },
  );

  // The printable checklist of the person's latest offboarding, from what it stored.
  app.get(
    "/api/users/:id/offboard/checklist.pdf",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: checklistFileResponseSchema } },
    },
    async (request, reply) => {
      const offboarding = await latestOffboarding(app.db, request.params.id);
      const pdf = await checklistPdf(offboarding);
      const day = offboarding.performedAt.slice(0, 10);
      // The response schema names the body for the API document; the bytes go out as they are
      // (Fastify does not serialize a Buffer), so the reply is used untyped here.
      return (reply as FastifyReply)
        .header("content-type", "application/pdf")
        .header(
          "content-disposition",
          `inline; filename="offboarding-${request.params.id}-${day}.pdf"`,
        )
        .header("cache-control", "no-store")
        .send(pdf);
    },
  );
};
