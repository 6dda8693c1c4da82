// "Is this an API request?" answered by the route the router matched, not by the raw URL: the
// router decodes the path ('/%61pi/users' is '/api/users') and accepts an absolute-form request
// line ('POST http://host/api/users'), so a prefix test on request.url can be sidestepped.
import type { FastifyRequest } from "fastify";

export const isApiRoute = (request: FastifyRequest) =>
  request.routeOptions.url?.startsWith("/api/") === true;
