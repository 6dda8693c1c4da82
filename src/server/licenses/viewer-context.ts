import type { FastifyRequest } from "fastify";
import { currentSession } from "../auth/guards";
import type { ViewerContext } from "./reveal-service";

/**
 * The viewer as the server sees them: the session, the address Fastify resolved (through
 * proxies only when TRUST_PROXY is on) and the user-agent header.
 */
export const viewerOf = (request: FastifyRequest): ViewerContext => ({
  session: currentSession(request),
  ipAddress: request.ip ?? null,
  userAgent: request.headers["user-agent"] ?? null,
});
