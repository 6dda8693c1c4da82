// The notification channels' and deliveries' API shapes (issue 34 item 7).
import { z } from "zod";
import { NOTIFICATION_CHANNEL_KINDS, NOTIFICATION_EVENT_TYPES } from "../notifications";
import { pageQuerySchema, queryInteger } from "./paging";

const nameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters");
const urlSchema = z
  .string({ error: "URL is required" })
  .trim()
  .min(1, "URL is required")
  .max(2000, "URL must be at most 2000 characters");
const eventsSchema = z
  .array(z.enum(NOTIFICATION_EVENT_TYPES, { error: "Unknown event" }))
  .max(NOTIFICATION_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

export const createNotificationChannelRequestSchema = z.object({
  kind: z.enum(NOTIFICATION_CHANNEL_KINDS, { error: "Kind must be slack, teams or webhook" }),
  name: nameSchema,
  url: urlSchema,
  events: eventsSchema,
});
export type CreateNotificationChannelRequest = z.output<
  typeof createNotificationChannelRequestSchema
>;

export const updateNotificationChannelRequestSchema = z.object({
  name: nameSchema.optional(),
  /** Absent: the URL is kept (the form never has it back, only its masked form). */
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
});
export type UpdateNotificationChannelRequest = z.output<
  typeof updateNotificationChannelRequestSchema
>;

export const notificationChannelSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_CHANNEL_KINDS),
  name: z.string(),
  /** Scheme and host, the rest hidden but its last 4 characters. */
  urlMasked: z.string(),
  events: z.array(z.enum(NOTIFICATION_EVENT_TYPES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

export const createdNotificationChannelSchema = notificationChannelSchema.extend({
  /** The generic webhook's signing secret: in this answer only, never again. */
  signingSecret: z.string(),
});

export const notificationDeliveriesQuerySchema = pageQuerySchema
  .pick({ limit: true, offset: true, withTotal: true })
  .extend({
    status: z.enum(["pending", "sending", "sent", "failed"]).optional(),
    // As strict as every id in a query: '0x10', '1e3' or ' 1' are not channel ids.
    channelId: queryInteger(1, 2_147_483_647, "channelId must be a channel's id"),
  });

export const notificationDeliverySchema = z.object({
  id: z.number().int(),
  channelId: z.number().int().nullable(),
  channelName: z.string(),
  type: z.string(),
  title: z.string(),
  status: z.enum(["pending", "sending", "sent", "failed", "cancelled"]),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export const notificationDeliveryListSchema = z.array(notificationDeliverySchema);
