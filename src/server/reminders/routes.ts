// E-mail reminders: whether mail is on (everyone, for the Settings page), the offsets per kind
// and the delivery problems (administrators). The scheduler starts with the server listening.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema, noContentResponseSchema } from "../../domain/schemas/common";
import {
  reminderDeliveryResponseSchema,
  reminderOffsetsResponseSchema,
  reminderStatusResponseSchema,
  updateReminderOffsetsRequestSchema,
} from "../../domain/schemas/reminders";
import { actorOf } from "../activity/record";
import { requireAdmin, requireUser } from "../auth/guards";
import { deliveryStatus, retryDelivery } from "../mail/delivery-status";
import { readReminderOffsets, setReminderOffsets } from "./offsets-service";
import { startReminderScheduler } from "./start";

export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const offsetsResponse = async () => {
    const offsets = await readReminderOffsets(app.db);
    return {
      offsets: Object.entries(offsets).map(([kind, days]) => ({
        kind: kind as keyof typeof offsets,
        days,
      })),
    };
  };

  app.get(
    "/api/reminders/status",
    { preHandler: requireUser, schema: { response: { 200: reminderStatusResponseSchema } } },
    async () => ({
      mailEnabled: app.config.mail !== null,
      intervalMinutes: app.config.reminderIntervalMs / 60_000,
      ...(await offsetsResponse()),
    }),
  );

  app.get(
    "/api/reminders/offsets",
    { preHandler: requireAdmin, schema: { response: { 200: reminderOffsetsResponseSchema } } },
    offsetsResponse,
  );

  app.put(
    "/api/reminders/offsets",
    {
      preHandler: requireAdmin,
      schema: {
        body: updateReminderOffsetsRequestSchema,
        response: { 200: reminderOffsetsResponseSchema },
      },
    },
    async (request) => {
      await setReminderOffsets(app.db, request.body.kind, request.body.days, actorOf(request));
      return offsetsResponse();
    },
  );

  app.get(
    "/api/reminders/deliveries",
    { preHandler: requireAdmin, schema: { response: { 200: reminderDeliveryResponseSchema } } },
    async () => deliveryStatus(app.db),
  );

  app.post(
    "/api/reminders/deliveries/:id/retry",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      await retryDelivery(app.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  startReminderScheduler(app);
};
