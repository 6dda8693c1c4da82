// CSRF defence for a cookie-authenticated API: a state-changing request must come from the app's
// own origin. The spec's client sends X-Requested-With, which a cross-site form cannot set and a
// cross-site fetch cannot send without a CORS preflight this server never grants.
import type { FastifyRequest } from "fastify";
import { isBearerOnly } from "../api-tokens/bearer";
import { forbidden } from "./errors";
import { requestOrigin } from "./request-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

export function createOriginCheck(allowedOrigins: string[]) {
  return async function checkOrigin(request: FastifyRequest) {
    // Every state-changing request, whatever its path: no spelling of a URL can skip the check.
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers["x-requested-with"] === "XMLHttpRequest") return;
    // A script with an API token and no cookie: nothing a browser sends by itself (decision 0024).
    if (isBearerOnly(request)) return;
    const ownOrigin = requestOrigin(request);
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin && (origin === ownOrigin || allowedOrigins.includes(origin))) return;
    throw forbidden("Cross-site request refused");
  };
}
