// Request logging without secrets: a search can hold part of a license key (the list searches
// keys), so its value never reaches the logs.
import type { FastifyRequest } from "fastify";

export function redactUrl(url: string): string {
  return url.replace(/([?&]search=)[^&#]*/gi, "$1[redacted]");
}

export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});
