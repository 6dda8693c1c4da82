// Stand-in receivers for chat and webhook alerts: a real HTTP server on loopback (allowed under
// WEBHOOKS_ALLOW_LOCAL) recording each request, answering as told (accept, refuse with 500, be
// slow, 429 with Retry-After). The checks of what arrives are written from the services' published
// references, not from what our code sends:
// - Slack incoming webhooks: https://api.slack.com/messaging/webhooks (a POST of JSON with `text`,
//   optionally `blocks`; a section block's text object {type: "mrkdwn", text}), and
//   https://docs.slack.dev/messaging/formatting-message-text/ (&, <, > are control characters,
//   escaped as &amp; &lt; &gt;; a link is <url|text>).
// - Microsoft Teams incoming webhooks (Workflows): https://learn.microsoft.com/en-us/microsoftteams/
//   platform/webhooks-and-connectors/how-to/connectors-using ({"type": "message", "attachments":
//   [{"contentType": "application/vnd.microsoft.card.adaptive", "content": <AdaptiveCard>}]}) and
//   https://adaptivecards.io/explorer/ (AdaptiveCard with `version`, `body` of TextBlock {text},
//   `actions` with Action.OpenUrl {title, url}); Teams supports card versions up to 1.5.
// - The generic webhook: docs/decisions/0057-chat-and-webhook-alerts.md (X-Quartermaster-Timestamp
//   in seconds, X-Quartermaster-Signature `v1=` + hex HMAC-SHA256 of `${timestamp}.${raw body}`),
//   verified here with node:crypto and a constant-time comparison, as a receiver would.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow receiver). */
  delayMs?: number;
}

export interface Receiver {
  /** http://127.0.0.1:port/hook/<secret-looking path>. */
  url: string;
  received: ReceivedRequest[];
  /** The answers to give, in turn; the last one repeats. */
  answers: Answer[];
  close(): Promise<void>;
}

export async function startReceiver(answers: Answer[] = [{ status: 200 }]): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const receiver = { received, answers } as Receiver;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      const list = receiver.answers;
      const answer = list[Math.min(received.length - 1, list.length - 1)] ?? { status: 200 };
      const reply = () => {
        if (response.destroyed) return;
        response.writeHead(answer.status, answer.headers ?? {});
        response.end(answer.status === 200 ? "ok" : "no");
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs).unref();
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hook/T000/B000/SeCrEtPaTh${port}`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Slack's incoming-webhook body: `text`, and section blocks of mrkdwn text; returns the texts. */
export function checkSlackBody(raw: string): { text: string; blockTexts: string[] } {
  const body = JSON.parse(raw) as { text?: unknown; blocks?: unknown };
  if (typeof body.text !== "string" || body.text.length === 0) throw new Error("Slack: no text");
  if (!Array.isArray(body.blocks)) throw new Error("Slack: blocks is not an array");
  const blockTexts = body.blocks.map(
    (block: { type?: string; text?: { type?: string; text?: string } }) => {
      if (block.type !== "section") throw new Error(`Slack: unexpected block ${block.type}`);
      if (block.text?.type !== "mrkdwn" || typeof block.text.text !== "string") {
        throw new Error("Slack: a section's text must be a mrkdwn text object");
      }
      return block.text.text;
    },
  );
  for (const text of [body.text, ...blockTexts]) {
    // Outside <...> links, a bare < or > would be parsed as markup: it must arrive escaped.
    const outsideLinks = text.replace(/<[^<>|]+\|[^<>]*>/g, "");
    if (/[<>]/.test(outsideLinks)) throw new Error("Slack: unescaped < or > in text");
    if (/&(?!amp;|lt;|gt;)/.test(outsideLinks)) throw new Error("Slack: unescaped & in text");
  }
  return { text: body.text, blockTexts };
}

/** The <url|label> links of a Slack mrkdwn text. */
export const slackLinks = (text: string) =>
  [...text.matchAll(/<([^<>|]+)\|([^<>]*)>/g)].map((m) => ({ url: m[1]!, label: m[2]! }));

interface AdaptiveCard {
  type: string;
  version: string;
  body: { type: string; text?: string }[];
  actions?: { type: string; title?: string; url?: string }[];
}

/** Teams' Workflows message with one Adaptive Card (version ≤ 1.5); returns the card. */
export function checkTeamsBody(raw: string): AdaptiveCard {
  const body = JSON.parse(raw) as {
    type?: string;
    attachments?: { contentType?: string; content?: AdaptiveCard }[];
  };
  if (body.type !== "message") throw new Error("Teams: type must be message");
  const attachment = body.attachments?.[0];
  if (attachment?.contentType !== "application/vnd.microsoft.card.adaptive") {
    throw new Error("Teams: the attachment must be an adaptive card");
  }
  const card = attachment.content;
  if (card?.type !== "AdaptiveCard") throw new Error("Teams: content must be an AdaptiveCard");
  const [major, minor] = card.version.split(".").map(Number);
  if (!(major === 1 && (minor ?? 0) <= 5)) throw new Error(`Teams: card version ${card.version}`);
  if (!card.body.some((element) => element.type === "TextBlock" && element.text)) {
    throw new Error("Teams: no TextBlock");
  }
  for (const action of card.actions ?? []) {
    if (action.type === "Action.OpenUrl" && !/^https?:\/\//.test(action.url ?? "")) {
      throw new Error("Teams: Action.OpenUrl needs an absolute url");
    }
  }
  return card;
}

/** A receiver's check of the generic webhook's signature; throws when it does not hold. */
export function verifyGenericSignature(
  request: ReceivedRequest,
  secret: string,
  now: Date,
  toleranceSeconds = 300,
): void {
  const timestamp = request.headers["x-quartermaster-timestamp"];
  const signature = request.headers["x-quartermaster-signature"];
  if (typeof timestamp !== "string" || typeof signature !== "string") {
    throw new Error("webhook: signature headers missing");
  }
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) {
    throw new Error("webhook: timestamp too old (a replay)");
  }
  const expected = `v1=${createHmac("sha256", secret).update(`${timestamp}.${request.raw}`).digest("hex")}`;
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new Error("webhook: bad signature");
}
