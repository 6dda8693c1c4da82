// Sends one outbox row of kind notification to its channel (the outbox, mail/deliver.ts, decides
// when and how often). The URL is opened from the channel at send time, checked again (address-
// guard.ts) and the request connects to the very address checked (a pinned lookup), follows no
// redirect, gives up after 5 s and reads at most 64 KB of the answer. A 429 or 5xx, a network
// error or a timeout is retried by the outbox (a 429/503's Retry-After honoured, capped); another
// 4xx, a redirect or a refused address fails at once. Errors name the host at most, never the URL.
import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { notificationChannels } from "../db/schema";
import type { Secrets } from "../lib/secrets";
import { DeliveryRefusal, type DeliveryRow, type NotificationSend } from "../mail/deliver";
import {
  checkDestination,
  checkUrlShape,
  type ResolvedAddress,
  type Resolver,
  UnsafeUrl,
} from "./address-guard";
import { parseNotificationMessage } from "./message";
import { renderBody } from "./render";

export const SEND_TIMEOUT_MS = 5_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** The longest Retry-After honoured: a receiver cannot park a delivery for days. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

export const SIGNATURE_HEADER = "X-Quartermaster-Signature";
export const TIMESTAMP_HEADER = "X-Quartermaster-Timestamp";

/** `v1=` and the hex HMAC-SHA256 of `${timestamp}.${body}` under the channel's signing secret. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export interface SenderOptions {
  db: Executor;
  secrets: Secrets;
  /** PUBLIC_URL's origin: links to items are made absolute under it (none without it). */
  linkBase: string | null;
  allowLocal: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
  /** Seconds since the epoch for the signature's timestamp; a test passes one. */
  clock?: () => Date;
}

export interface PostResult {
  status: number;
  retryAfter: string | undefined;
}

/** One POST to a checked address: no redirects, a time limit, a capped read of the answer. */
export function postPinned(
  url: URL,
  pinned: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostResult> {
  // The connection's lookup answers with the checked address whatever DNS says now.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        lookup,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          // Enough of an answer to know it arrived; the rest is not ours to read.
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: header(response.headers["retry-after"]),
          });
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on("close", () => clearTimeout(timer));
    request.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new Error(`${url.host}: ${error.code ?? error.message}`));
    });
    request.end(body);
  });
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Retry-After in milliseconds (seconds or an HTTP date), capped; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : undefined;
  const ms = seconds ?? Date.parse(value) - now.getTime();
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

export function createNotificationSender(options: SenderOptions): NotificationSend {
  const clock = options.clock ?? (() => new Date());
  return async (row: DeliveryRow) => {
    const [channel] = row.channelId
      ? await options.db
          .select()
          .from(notificationChannels)
          .where(eq(notificationChannels.id, row.channelId))
      : [];
    if (!channel) throw new DeliveryRefusal("The channel was deleted", { permanent: true });
    let url: URL;
    let pinned: ResolvedAddress;
    try {
      url = checkUrlShape(options.secrets.open(channel.urlSealed), options.allowLocal);
      pinned = await checkDestination(url, options);
    } catch (error) {
      if (error instanceof UnsafeUrl) {
        throw new DeliveryRefusal(`Not sent: the URL ${error.message}`, { permanent: true });
      }
      throw error;
    }
    const body = renderBody(channel.kind, parseNotificationMessage(row.textBody), options.linkBase);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": "Quartermaster-Notifications",
    };
    if (channel.kind === "webhook") {
      const timestamp = String(Math.floor(clock().getTime() / 1000));
      headers[TIMESTAMP_HEADER] = timestamp;
      headers[SIGNATURE_HEADER] = signature(
        options.secrets.open(channel.signingSecretSealed),
        timestamp,
        body,
      );
    }
    const result = await postPinned(
      url,
      pinned,
      headers,
      body,
      options.timeoutMs ?? SEND_TIMEOUT_MS,
    );
    if (result.status >= 200 && result.status < 300) return;
    const refused = `${url.host} answered ${result.status}`;
    if (result.status === 429 || result.status >= 500) {
      throw new DeliveryRefusal(refused, {
        retryAfterMs: retryAfterMs(result.retryAfter, clock()),
      });
    }
    if (result.status >= 300 && result.status < 400) {
      throw new DeliveryRefusal(`${refused} (a redirect, not followed)`, { permanent: true });
    }
    throw new DeliveryRefusal(refused, { permanent: true });
  };
}
