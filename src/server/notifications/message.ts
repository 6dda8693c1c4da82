// What an outbox row of kind notification carries (reminder_deliveries.text_body, as JSON): the
// event as it was when it happened, whichever channel it goes to. The sender renders it into
// Slack's, Teams' or the generic webhook's body when it sends (render.ts), with the links made
// absolute under PUBLIC_URL then, so a row waiting for a retry needs nothing else.
import { z } from "zod";
import { NOTIFICATION_EVENT_TYPES } from "../../domain/notifications";

export const notificationMessageSchema = z.object({
  /** The event's type, or "test" for a channel's test message. */
  type: z.enum([...NOTIFICATION_EVENT_TYPES, "test"]),
  /** The event's id (the generic webhook's `id`, for a receiver to drop a repeat); test: null. */
  eventId: z.number().int().nullable(),
  occurredAt: z.string(),
  title: z.string(),
  text: z.string(),
  item: z
    .object({ area: z.string(), id: z.number().int().nullable(), label: z.string() })
    .nullable(),
  /** An app path such as /licenses/12. */
  link: z.string().nullable(),
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

export function parseNotificationMessage(textBody: string): NotificationMessage {
  return notificationMessageSchema.parse(JSON.parse(textBody));
}
