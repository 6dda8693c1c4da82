// Chat and webhook alerts (issue 34): the kinds of channel and the events a channel can choose.
// The ids are the API's (docs/decisions/0057-chat-and-webhook-alerts.md).

export const NOTIFICATION_CHANNEL_KINDS = ["slack", "teams", "webhook"] as const;
export type NotificationChannelKind = (typeof NOTIFICATION_CHANNEL_KINDS)[number];

export const NOTIFICATION_EVENT_TYPES = [
  "reminder",
  "seat_threshold",
  "budget",
  "sync_failed",
  "import_finished",
  "offboarded",
  "request_pending",
] as const;
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];

/** What an event is about, for the message's link text and the generic webhook's `item`. */
export interface NotificationItem {
  area: string;
  id: number | null;
  label: string;
}
