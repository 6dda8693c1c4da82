// Chat and webhook alerts' API (issue 34 item 7), administrators only: the channels and the
// deliveries. Sending is the outbox's (reminders/start.ts runs it), never a request's.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema, noContentResponseSchema } from "../../domain/schemas/common";
import {
  createdNotificationChannelSchema,
  createNotificationChannelRequestSchema,
  notificationChannelSchema,
  notificationDeliveriesQuerySchema,
  notificationDeliveryListSchema,
  updateNotificationChannelRequestSchema,
} from "../../domain/schemas/notifications";
import { actorOf } from "../activity/record";
import { requireAdmin } from "../auth/guards";
import { sendPage } from "../lib/paging";
import type { Resolver } from "./address-guard";
import {
  createChannel,
  deleteChannel,
  listChannels,
  queueTestMessage,
  updateChannel,
} from "./channels-service";
import { listNotificationDeliveries, retryNotificationDelivery } from "./deliveries-service";

export interface NotificationRoutesOptions {
  /** A test's resolver, to check the save-time guard against a chosen DNS answer. */
  resolve?: Resolver;
}

export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  options,
) => {
  const guard = () => ({ allowLocal: app.config.webhooksAllowLocal, resolve: options.resolve });

  app.get(
    "/api/notification-channels",
    {
      preHandler: requireAdmin,
      schema: { response: { 200: z.array(notificationChannelSchema) } },
    },
    async () => listChannels(app.db),
  );

  app.post(
    "/api/notification-channels",
    {
      preHandler: requireAdmin,
      schema: {
        body: createNotificationChannelRequestSchema,
        response: { 201: createdNotificationChannelSchema },
      },
    },
    async (request, reply) => {
      const created = await createChannel(
        app.db,
        app.secrets,
        guard(),
        actorOf(request),
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.patch(
    "/api/notification-channels/:id",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        body: updateNotificationChannelRequestSchema,
        response: { 200: notificationChannelSchema },
      },
    },
    async (request) =>
      updateChannel(
        app.db,
        app.secrets,
        guard(),
        actorOf(request),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    "/api/notification-channels/:id",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      await deleteChannel(app.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/notification-channels/:id/test",
    {
      preHandler: requireAdmin,
      schema: {
        params: idParamsSchema,
        response: { 202: z.object({ deliveryId: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const deliveryId = await queueTestMessage(app.db, request.params.id);
      return reply.status(202).send({ deliveryId });
    },
  );

  app.get(
    "/api/notification-deliveries",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: notificationDeliveriesQuerySchema,
        response: { 200: notificationDeliveryListSchema },
      },
    },
    async (request, reply) => {
      const page = await listNotificationDeliveries(app.db, request.query);
      return sendPage(reply, page.rows, page.total);
    },
  );

  app.post(
    "/api/notification-deliveries/:id/retry",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      await retryNotificationDelivery(app.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
