// Writing the activity log (decision 0021). Call recordActivity with the transaction that makes the
// change: the record commits with the change or not at all, so a refused request (400/403/404/409,
// which throws before or inside the transaction) leaves no record, and no change goes unrecorded.
import type { FastifyRequest } from "fastify";
import type {
  ActivityAction,
  ActivityArea,
  ActivityChanges,
  ActivityVia,
} from "../../domain/activity";
import type { Viewer } from "../auth/viewer";
import type { Executor } from "../db/client";
import { activityLog } from "../db/schema";
import { MAX_LOGGED_USER_AGENT } from "../lib/secrets/reveal";

/** Who did it, as the server knows it: nothing here comes from the request body. */
export interface ActivityActor {
  userId: number | null;
  ipAddress: string | null;
  userAgent: string | null;
  via: ActivityVia;
}

/**
 * The actor of a request: the signed-in user (or `asUserId`, for a sign-in, where the session is
 * only being created), the address Fastify resolved (through proxies only when TRUST_PROXY is on)
 * and the user-agent header. A request authenticated by an API token says so in `auth.via`.
 */
export function actorOf(request: FastifyRequest, asUserId?: number | null): ActivityActor {
  return {
    userId: asUserId !== undefined ? asUserId : (request.auth?.user.id ?? null),
    ipAddress: request.ip ?? null,
    userAgent: request.headers["user-agent"] ?? null,
    via: request.auth?.via ?? "session",
  };
}

/** The actor behind a secret's Viewer (the reveal helpers' view of the same request). */
export const actorOfViewer = (viewer: Viewer): ActivityActor => ({
  userId: viewer.session.user.id,
  ipAddress: viewer.ipAddress,
  userAgent: viewer.userAgent,
  via: viewer.session.via ?? "session",
});

/** The server's own work: the scheduler, the command line. */
export const systemActor: ActivityActor = Object.freeze({
  userId: null,
  ipAddress: null,
  userAgent: null,
  via: "system",
});

export interface ActivityEntry {
  action: ActivityAction;
  area: ActivityArea;
  itemId: number | null;
  /** The item's name as it is now (kept if the item is deleted later). */
  itemLabel?: string | null;
  /** From changesBetween (src/domain/activity.ts): secrets masked, never clear. */
  changes?: ActivityChanges | null;
  /** Anything else worth keeping, e.g. {rows: 120} for an import; never a secret. */
  detail?: Record<string, unknown> | null;
  /** When it happened, if not now: a system job's own clock (retention), backdated demo data. */
  occurredAt?: Date;
}

/** Labels are for people reading a list; a pasted essay is cut rather than refused. */
const MAX_ITEM_LABEL = 200;

export async function recordActivity(
  tx: Executor,
  actor: ActivityActor,
  entry: ActivityEntry,
): Promise<void> {
  await tx.insert(activityLog).values({
    ...(entry.occurredAt ? { occurredAt: entry.occurredAt } : {}),
    userId: actor.userId,
    via: actor.via,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent?.slice(0, MAX_LOGGED_USER_AGENT) ?? null,
    action: entry.action,
    area: entry.area,
    itemId: entry.itemId,
    itemLabel: entry.itemLabel?.slice(0, MAX_ITEM_LABEL) ?? null,
    changes: entry.changes ?? null,
    detail: entry.detail ?? null,
  });
}
