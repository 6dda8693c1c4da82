// Who is looking at a secret, as the server knows it: the session, the address Fastify resolved
// (through proxies only when TRUST_PROXY is on) and the user-agent header. Nothing here comes from
// the request body. The reveal helpers (lib/secrets/reveal.ts) log it, and the activity log reads
// the same viewer as its actor (activity/record.ts actorOfViewer).
import type { FastifyRequest } from "fastify";
import { currentSession } from "./guards";
import type { ActiveSession } from "./sessions";

export interface Viewer {
  session: ActiveSession;
  ipAddress: string | null;
  userAgent: string | null;
}

export const viewerOf = (request: FastifyRequest): Viewer => ({
  session: currentSession(request),
  ipAddress: request.ip ?? null,
  userAgent: request.headers["user-agent"] ?? null,
});
