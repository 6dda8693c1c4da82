// A feed's body and its validator (decision 0025). Calendar clients read the feed every few
// minutes and almost always find it unchanged, so the answer starts from a digest of the rows the
// feed is made of: its ETag. A client that sends that ETag back gets a 304 without a body being
// written; a client without it gets the body written for that ETag earlier, while it is kept (the
// administrators share one); only a changed feed is written again, from the same rows the digest
// was taken of (one read per request, decision 0053), so a body always matches its ETag.
import { createHash } from "node:crypto";
import type { IsoDate } from "../../domain/dates";
import type { ObligationKind } from "../../domain/obligations";
import type { Db } from "../db/client";
import { readInstallationId } from "../db/installation-id";
import { lightRead } from "../db/light-read";
import type { ObligationScope } from "../obligations/read-service";
import { feedDigest, feedEntriesOf, readFeedRows } from "./feed-entries";
import { obligationsCalendarChunks } from "./ical";
import { createKeptBodies } from "./kept-bodies";

/**
 * Part of every ETag: a change to how the feed is written changes every ETag with it. 2: UIDs at
 * the installation's id, not the host. 3: a day's obligations of one kind grouped (decision 0043).
 * 4: a group links to its day's list and names the first few (decision 0053).
 */
const FEED_FORMAT = "ical.js-4";
/** Written bodies kept for the next reader: grouped, a feed at 50,000 licenses is about 2 MB. */
const KEPT_CHARACTERS = 64 * 1024 * 1024;

export interface FeedRequest {
  range: { from: IsoDate; to: IsoDate };
  scope: ObligationScope;
  /** Only these kinds (every kind when absent): the feed address's `kinds`. */
  kinds?: readonly ObligationKind[];
  baseUrl: string;
  /** The request's If-None-Match header. */
  ifNoneMatch: string | undefined;
}

/**
 * The ETag, and the body unless the client's copy is current (a 304): a kept body whole, a new
 * one in pieces as it is written (streamed; kept once written to the end).
 */
export type FeedAnswer = { etag: string; body: Iterable<string> | AsyncIterable<string> | null };
/**
 * If-None-Match holds the ETag (RFC 9110 13.1.2: "*" or a list of entity tags, compared weakly,
 * so a W/ prefix does not matter).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

export function createFeedReader(db: Db) {
  // A read keeps its body again, so it counts as the most recent use.
  const kept = createKeptBodies(KEPT_CHARACTERS);
  // Read once: it never changes. A failed read is tried again by the next request.
  let installationIdRead: Promise<string> | undefined;
  const readInstallationIdOnce = () => {
    installationIdRead ??= readInstallationId(db).catch((error: unknown) => {
      installationIdRead = undefined;
      throw error;
    });
    return installationIdRead;
  };

  return async function readFeed(request: FeedRequest): Promise<FeedAnswer> {
    const { range, scope, kinds, baseUrl } = request;
    const installationId = await readInstallationIdOnce();
    const query = { range, scope, ...(kinds && { kinds }) };
    // The rows' statements (one per person; for everyone one and one per license day kind, and
    // whether hosting costs exist) in one snapshot: the ETag is a digest of these rows and a new
    // body is written from them.
    const rows = await lightRead(db, (tx) => readFeedRows(tx, query), {
      isolationLevel: "repeatable read",
      accessMode: "read only",
    });
    // The rows, and what else the text depends on: the amounts (administrators only), the
    // links' address, the window, the kinds asked for and the UIDs.
    const etag = `W/"${createHash("sha256")
      .update(
        [
          FEED_FORMAT,
          feedDigest(rows),
          scope === "all" ? "all" : "person",
          baseUrl,
          range.from,
          range.to,
          kinds ? [...kinds].sort().join(",") : "every kind",
          installationId,
        ].join("\n"),
      )
      .digest("base64url")}"`;
    if (matchesIfNoneMatch(request.ifNoneMatch, etag)) return { etag, body: null };
    const body = kept.get(etag);
    if (body) {
      kept.keep(etag, body);
      return { etag, body: [body] };
    }
    // Written after the read, so no connection is held meanwhile; sent as it is written.
    const events = feedEntriesOf(rows, query);
    async function* written() {
      const pieces: string[] = [];
      for await (const piece of obligationsCalendarChunks(events, {
        baseUrl,
        installationId,
        stamp: new Date(),
      })) {
        pieces.push(piece);
        yield piece;
      }
      kept.keep(etag, pieces.join(""));
    }
    return { etag, body: written() };
  };
}
