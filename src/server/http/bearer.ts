// The `Authorization: Bearer` header, read in one place for every caller that accepts a token
// (personal API tokens, the metrics token) and for the cross-site check, which lets a request
// with one and no cookie through.
import type { FastifyRequest } from "fastify";

/**
 * The token of an `Authorization: Bearer` header, or undefined without one (an empty string for
 * a Bearer header without a well-formed token). Only this header is read: a token in a cookie,
 * the query or the body is never looked at (a cookie is sent by the browser on its own, which is
 * what the CSRF rule guards against).
 */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match ? match[1] : header.toLowerCase().startsWith("bearer") ? "" : undefined;
}

/**
 * A script's request: a Bearer token and no cookie at all. A browser cannot send one from another
 * site (the Authorization header needs a CORS preflight this server never grants), so the
 * cross-site check has nothing to guard; a request that carries a cookie keeps the check.
 */
export const isBearerOnly = (request: FastifyRequest) =>
  bearerTokenOf(request) !== undefined && request.headers.cookie === undefined;
