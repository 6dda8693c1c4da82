// CSRF defence for a cookie-authenticated API: a state-changing request must come from the app's
// own origin. The spec's client sends X-Requested-With, which a cross-site form cannot set and a
// cross-site fetch cannot send without a CORS preflight this server never grants.
//
// A GET changes nothing, with one kind of exception: a read that is recorded (an export writes
// an "export" record in the activity log). A link on another site could make a signed-in
// administrator's browser fetch one, and the log would say they exported. Such routes carry
// `config.recordsActivity`, and a browser that says the request came from another site
// (Sec-Fetch-Site, which a page cannot forge) is refused; an address typed or bookmarked ("none")
// and the app's own links ("same-origin") are not.
import type { FastifyRequest } from "fastify";
import { isBearerOnly } from "./bearer";
import { forbidden } from "./errors";
import { requestOrigin } from "./request-origin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A read that writes an activity record: refused when a browser fetched it for another site. */
    recordsActivity?: boolean;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Sec-Fetch-Site values of a request some other site's page started (same-site: a sibling
 * subdomain, which may be another organisation's or another application's). */
const FROM_ANOTHER_SITE = new Set(["cross-site", "same-site"]);

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
    if (SAFE_METHODS.has(request.method)) {
      const fetchSite = request.headers["sec-fetch-site"];
      if (
        request.routeOptions.config?.recordsActivity &&
        typeof fetchSite === "string" &&
        FROM_ANOTHER_SITE.has(fetchSite)
      ) {
        throw forbidden("Cross-site request refused");
      }
      return;
    }
    if (request.headers["x-requested-with"] === "XMLHttpRequest") return;
    // A script with an API token and no cookie: nothing a browser sends by itself (decision 0024).
    if (isBearerOnly(request)) return;
    const ownOrigin = requestOrigin(request);
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin && (origin === ownOrigin || allowedOrigins.includes(origin))) return;
    throw forbidden("Cross-site request refused");
  };
}
