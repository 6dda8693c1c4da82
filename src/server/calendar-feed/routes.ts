// The private calendar feed (issue 16, decision 0025): GET/POST/DELETE /api/calendar-feed for the
// signed-in person's own feed, and GET /api/calendar-feed/<token>.ics for calendar clients, which
// send no cookie: the token in the address is the only credential, and any token that is not a
// live feed of an active person is a plain 404. `?kinds=` chooses kinds (decision 0043); the body
// is streamed as it is written.
import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addDays, todayIso } from "../../domain/dates";
import {
  calendarFeedCreatedResponseSchema,
  calendarFeedFileParamsSchema,
  calendarFeedQuerySchema,
  calendarFeedStatusResponseSchema,
  FEED_FUTURE_DAYS,
  FEED_PAST_DAYS,
} from "../../domain/schemas/calendar-feed";
import { noContentResponseSchema } from "../../domain/schemas/common";
import { emptyBodySchema } from "../../domain/schemas/two-factor";
import { actorOf } from "../activity/record";
import { currentSession, publicRoute, requireUser } from "../auth/guards";
import { notFound } from "../http/errors";
import { baseUrlOf } from "../http/request-origin";
import { createFeedReader } from "./feed-body";
import { createFeed, feedOwner, feedStatus, revokeFeed } from "./service";

const FEED_PATH = "/api/calendar-feed";

export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const readFeed = createFeedReader(app.db);

  app.get(
    FEED_PATH,
    { preHandler: requireUser, schema: { response: { 200: calendarFeedStatusResponseSchema } } },
    async (request) => feedStatus(app.db, currentSession(request).user.id),
  );

  app.post(
    FEED_PATH,
    {
      preHandler: requireUser,
      schema: { body: emptyBodySchema, response: { 201: calendarFeedCreatedResponseSchema } },
    },
    async (request, reply) => {
      // Before the feed is made: a malformed Host header is refused with the old feed kept.
      const baseUrl = baseUrlOf(request, app.config.publicUrl);
      const token = await createFeed(app.db, actorOf(request), currentSession(request).user.id);
      const url = `${baseUrl}${FEED_PATH}/${token}.ics`;
      return reply.status(201).send({ url });
    },
  );

  app.delete(
    FEED_PATH,
    { preHandler: requireUser, schema: { response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await revokeFeed(app.db, actorOf(request), currentSession(request).user.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${FEED_PATH}/:file`,
    {
      preHandler: publicRoute,
      schema: {
        params: calendarFeedFileParamsSchema,
        querystring: calendarFeedQuerySchema,
        response: {
          200: z.string().describe("The iCalendar document (text/calendar), streamed"),
          304: noContentResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const owner = await feedOwner(app.db, request.params.file.replace(/\.ics$/, ""));
      if (!owner) throw notFound("Calendar feed");
      const today = todayIso();
      const answer = await readFeed({
        range: { from: addDays(today, -FEED_PAST_DAYS), to: addDays(today, FEED_FUTURE_DAYS) },
        scope: owner.role === "admin" ? "all" : { userId: owner.userId },
        ...(request.query.kinds && { kinds: request.query.kinds }),
        baseUrl: baseUrlOf(request, app.config.publicUrl),
        ifNoneMatch: request.headers["if-none-match"],
      });
      // private: the address is a person's own; no-cache: a client asks again each time (with
      // the ETag, for a 304), so a revoked address stops working at once.
      reply.header("etag", answer.etag).header("cache-control", "private, no-cache");
      if (!answer.body) return reply.status(304).send();
      reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", 'inline; filename="quartermaster.ics"');
      // A stream is sent as it is (no response serializer): the reply's plain type takes one.
      return (reply as FastifyReply).send(Readable.from(answer.body));
    },
  );
};
