// The address a request came to (scheme and Host header), for the places that build absolute
// URLs without PUBLIC_URL. The Host header is whatever the client sent: one that is not a bare
// host[:port] (spaces, a path, user info, brackets out of place) gives undefined, never an
// exception, and never a URL that points somewhere other than the header said.
import type { FastifyRequest } from "fastify";
import { badRequest } from "./errors";

export function requestOrigin(request: FastifyRequest): string | undefined {
  const host = request.host;
  if (!host || /[\s/\\?#@]/.test(host)) return undefined;
  try {
    return new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/** PUBLIC_URL when set, else the request's own address; a 400 for a malformed Host header. */
export function baseUrlOf(request: FastifyRequest, publicUrl: string | undefined): string {
  const base = publicUrl ?? requestOrigin(request);
  if (!base) {
    throw badRequest(
      "The Host header is not a valid host name; set PUBLIC_URL or reach the server by its name",
      [],
      "INVALID_HOST",
    );
  }
  return base;
}
