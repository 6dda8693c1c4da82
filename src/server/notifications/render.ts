// A notification message in each kind of channel's format. Written from the published formats:
// - Slack incoming webhooks: a JSON body with `text` (the notification's fallback) and `blocks`;
//   &, < and > escaped as &amp; &lt; &gt; and links written <url|label>
//   (https://api.slack.com/messaging/webhooks, https://docs.slack.dev/messaging/formatting-message-text/).
// - Microsoft Teams incoming webhooks through Workflows: {type: "message", attachments: [{contentType:
//   "application/vnd.microsoft.card.adaptive", content: AdaptiveCard}]}, an AdaptiveCard of version
//   1.5 at most with TextBlocks and an Action.OpenUrl
//   (https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using,
//   https://adaptivecards.io/explorer/AdaptiveCard.html).
// - The generic webhook: our own JSON {id, type, occurredAt, item, link, title, text}, signed in
//   send.ts (docs/decisions/0057-chat-and-webhook-alerts.md).
import type { NotificationChannelKind } from "../../domain/notifications";
import type { NotificationMessage } from "./message";

/** Slack's control characters; only these three are escaped (the whole text is not entity-encoded). */
export const slackEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The item's link, absolute under PUBLIC_URL's origin; null without a path or a base. */
export function absoluteLink(message: NotificationMessage, linkBase: string | null): string | null {
  if (!message.link || !linkBase) return null;
  return new URL(message.link, linkBase).toString();
}

export function slackBody(message: NotificationMessage, link: string | null) {
  const label = message.item?.label ?? message.title;
  const lines = [`*${slackEscape(message.title)}*`, slackEscape(message.text)];
  // In a link only | and > would end it early; a URL from new URL() has neither unescaped.
  if (link) lines.push(`<${slackEscape(link)}|${slackEscape(label)}>`);
  return {
    text: slackEscape(`${message.title}: ${message.text}`),
    blocks: [{ type: "section", text: { type: "mrkdwn", text: lines.join("\n") } }],
  };
}

export function teamsBody(message: NotificationMessage, link: string | null) {
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.5",
          body: [
            {
              type: "TextBlock",
              text: message.title,
              weight: "Bolder",
              size: "Medium",
              wrap: true,
            },
            { type: "TextBlock", text: message.text, wrap: true },
          ],
          actions: link
            ? [
                {
                  type: "Action.OpenUrl",
                  title: `Open ${message.item?.label ?? "in Quartermaster"}`,
                  url: link,
                },
              ]
            : [],
        },
      },
    ],
  };
}

export function webhookBody(message: NotificationMessage, link: string | null) {
  return {
    id: message.eventId,
    type: message.type,
    occurredAt: message.occurredAt,
    item: message.item,
    link,
    title: message.title,
    text: message.text,
  };
}

/** The request body for a channel of this kind, as sent. */
export function renderBody(
  kind: NotificationChannelKind,
  message: NotificationMessage,
  linkBase: string | null,
): string {
  const link = absoluteLink(message, linkBase);
  const body =
    kind === "slack"
      ? slackBody(message, link)
      : kind === "teams"
        ? teamsBody(message, link)
        : webhookBody(message, link);
  return JSON.stringify(body);
}
