// Maps every error to one JSON shape { code, message, errors? }. Input problems are 4xx, a
// database that cannot serve is 503 with Retry-After, and only a genuine bug is 500 (logged with
// its stack, never echoed to the client). Codes come from domain/error-codes.ts.
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorCode, ErrorResponse } from "../../domain/error-codes";
import {
  inputErrorOf,
  isConcurrentChangeError,
  unavailableReasonOf,
  writeRefusedReasonOf,
} from "./database-errors";
import { AppError, type FieldError } from "./errors";

/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = "The database is not reachable. Please try again.";

export const CONCURRENT_CHANGE_MESSAGE =
  "The database was busy with another change at the same moment. Please try again.";

/** What a write refused by the database (full disk, read-only) answers, with the reason. */
export const writeRefusedMessage = (reason: string) =>
  `The database cannot store changes now: ${reason}. Please try again later.`;

/** Answers 503 for a database that cannot serve right now. */
export function sendDatabaseUnavailable(
  reply: FastifyReply,
  message = DATABASE_UNAVAILABLE_MESSAGE,
) {
  return reply
    .status(503)
    .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
    .send({ code: "DATABASE_UNAVAILABLE", message } satisfies ErrorResponse);
}

// Fastify's own refusals of a malformed request, by its error code.
const fastifyClientErrors: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: "INVALID_JSON",
    message: "The request body is not valid JSON",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: "INVALID_JSON",
    message: "The request body is not valid JSON",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: "PAYLOAD_TOO_LARGE",
    message: "The request body is too large",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Unsupported content type",
  },
};

function clientErrorCode(error: FastifyError): { code: ErrorCode; message: string } {
  const known = fastifyClientErrors[error.code];
  if (known) return { code: known.code, message: known.message ?? error.message };
  if (error instanceof SyntaxError) {
    return { code: "INVALID_JSON", message: "The request body is not valid JSON" };
  }
  const byStatus: Record<number, ErrorCode> = {
    401: "UNAUTHORIZED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    413: "PAYLOAD_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
    429: "RATE_LIMITED",
  };
  return { code: byStatus[error.statusCode ?? 400] ?? "BAD_REQUEST", message: error.message };
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = {
        ...error.extra,
        code: error.code,
        message: error.message,
      };
      if (error.errors.length > 0) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext;
      const errors: FieldError[] = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || (where ?? ""),
        message: issue.message ?? "Invalid input",
      }));
      return reply.status(400).send({
        code: "VALIDATION_FAILED",
        message: errors[0]?.message ?? "Invalid input",
        errors,
      } satisfies ErrorResponse);
    }

    // Fastify's own client errors (malformed JSON, wrong content type, body too large, a client
    // that hung up mid-body...). Checked before the database: an aborted upload carries
    // ECONNRESET too, and is the client's doing, not the database's.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const { code, message } = clientErrorCode(error);
      return reply.status(error.statusCode).send({ code, message } satisfies ErrorResponse);
    }

    const inputError = inputErrorOf(error);
    if (inputError) {
      return reply
        .status(inputError.status)
        .send({ code: inputError.code, message: inputError.message } satisfies ErrorResponse);
    }

    // A database that answers but stores nothing: the reason is the operator's to act on (free
    // the disk, point at the primary), so the person who tried is told it.
    const writeRefused = writeRefusedReasonOf(error);
    if (writeRefused) {
      request.log.error({ err: error }, `database refuses writes: ${writeRefused}`);
      return sendDatabaseUnavailable(reply, writeRefusedMessage(writeRefused));
    }

    if (isConcurrentChangeError(error)) {
      request.log.warn({ err: error }, "database ended the transaction over a concurrent one");
      return sendDatabaseUnavailable(reply, CONCURRENT_CHANGE_MESSAGE);
    }

    const unavailable = unavailableReasonOf(error);
    if (unavailable) {
      request.log.warn({ err: error }, `database unavailable: ${unavailable}`);
      return sendDatabaseUnavailable(reply);
    }

    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({
      code: "INTERNAL_ERROR",
      message: "Something went wrong on the server",
    } satisfies ErrorResponse);
  });
}
