// Maps every error to one JSON shape {message, errors?}. Input problems are 4xx, an unreachable
// database is 503, and only a genuine bug is 500 (logged with its stack, never echoed to the client).
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type FieldError } from "./errors";

// PostgreSQL SQLSTATE codes that mean "the request did not fit the data", not a server bug.
const pgInputErrors: Record<string, { status: number; message: string }> = {
  "23505": { status: 409, message: "A record with these details already exists" },
  "23503": { status: 409, message: "This record is still referenced by other records" },
  "22P02": { status: 400, message: "Invalid value" },
  "22003": { status: 400, message: "A number is out of range" },
  "22007": { status: 400, message: "Invalid date" },
  "22008": { status: 400, message: "Invalid date" },
  "22001": { status: 400, message: "A value is too long" },
};

const connectionErrorCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "57P01", // admin_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "08000",
  "08001",
  "08003",
  "08006",
]);

function findCode(error: unknown): string | undefined {
  // drizzle wraps driver errors; the SQLSTATE may sit on the error or on its cause.
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (pgInputErrors[code] || connectionErrorCodes.has(code))) {
      return code;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function isConnectionFailure(error: unknown): boolean {
  const code = findCode(error);
  if (code && connectionErrorCodes.has(code)) return true;
  const message = String((error as Error)?.message ?? "");
  return /connection terminated|timeout exceeded when trying to connect|PGlite is closed/i.test(
    message,
  );
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { ...error.extra, message: error.message };
      if (error.errors.length > 0) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext;
      const errors: FieldError[] = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || (where ?? ""),
        message: issue.message ?? "Invalid input",
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? "Invalid input", errors });
    }

    const pgCode = findCode(error);
    if (pgCode && pgInputErrors[pgCode]) {
      const { status, message } = pgInputErrors[pgCode];
      return reply.status(status).send({ message });
    }

    if (isConnectionFailure(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply
        .status(503)
        .send({ message: "The database is not reachable. Please try again." });
    }

    // Fastify's own client errors (malformed JSON, wrong content type, body too large...).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message =
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
        error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
        error instanceof SyntaxError
          ? "The request body is not valid JSON"
          : error.message;
      return reply.status(error.statusCode).send({ message });
    }

    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ message: "Something went wrong on the server" });
  });
}
