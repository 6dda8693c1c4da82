// Personal API tokens on the wire: `qmt_` and 256 random bits (base64url), sent only as
// `Authorization: Bearer <token>`. The prefix lets secret scanners recognise a leaked token.
import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";

export const API_TOKEN_PREFIX = "qmt_";
const WELL_FORMED = /^qmt_[A-Za-z0-9_-]{43}$/;

export const generateApiToken = () => API_TOKEN_PREFIX + randomBytes(32).toString("base64url");

export const isWellFormedApiToken = (token: string) => WELL_FORMED.test(token);

/**
 * The token of an `Authorization: Bearer` header, or undefined without one. Only this header is
 * read: a token in a cookie, the query or the body is never looked at (a cookie is sent by the
 * browser on its own, which is what the CSRF rule guards against).
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
