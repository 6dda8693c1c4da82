// SCIM's error response (RFC 7644 §3.12): the Error schema, `status` as a string, and a
// `scimType` for 400 and 409 answers, so an identity provider can tell a duplicate from bad input.
import type { FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../http/errors";

export const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
export const SCIM_CONTENT_TYPE = "application/scim+json; charset=utf-8";

export type ScimType =
  | "invalidFilter"
  | "tooMany"
  | "uniqueness"
  | "mutability"
  | "invalidSyntax"
  | "invalidPath"
  | "noTarget"
  | "invalidValue";

export class ScimError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 500 | 501,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message);
  }
}

export const scimBody = (status: number, detail: string, scimType?: ScimType) => ({
  schemas: [SCIM_ERROR_SCHEMA],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

/** Every error under /scim/v2 in SCIM's shape; the rest of the app keeps its own. */
export function registerScimErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    reply.type(SCIM_CONTENT_TYPE);
    if (error instanceof ScimError) {
      return reply.status(error.status).send(scimBody(error.status, error.message, error.scimType));
    }
    if (error instanceof AppError) {
      // The shared rules (offboarding, the last administrator) answer in their own words.
      const scimType = error.statusCode === 409 ? "mutability" : undefined;
      return reply
        .status(error.statusCode)
        .send(
          scimBody(error.statusCode, error.message, error.statusCode < 500 ? scimType : undefined),
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = issue?.instancePath.replace(/^\//, "").replaceAll("/", ".") ?? "";
      const detail = `${where ? `${where}: ` : ""}${issue?.message ?? "Invalid input"}`;
      return reply.status(400).send(scimBody(400, detail, "invalidValue"));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(scimBody(status, "The request could not be read", "invalidSyntax"));
    }
    request.log.error({ err: error }, "scim request failed");
    return reply.status(500).send(scimBody(500, "Internal server error"));
  });
}
