// One error type for everything the API refuses on purpose; mapped to HTTP in error-handler.ts.
// Each carries a stable code from domain/error-codes.ts, which the client switches on.
import type { ErrorCode } from "../../domain/error-codes";

export interface FieldError {
  path: string;
  message: string;
}

// 502: an upstream service (the hosting provider) failed; the message says how.
export type AppErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503;

export class AppError extends Error {
  constructor(
    readonly statusCode: AppErrorStatus,
    readonly code: ErrorCode,
    message: string,
    readonly errors: FieldError[] = [],
    /** Extra top-level fields of the response body (e.g. the login route's success:false). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (
  message: string,
  errors: FieldError[] = [],
  code: ErrorCode = "VALIDATION_FAILED",
) => new AppError(400, code, message, errors);
export const unauthorized = (message = "Authentication required") =>
  new AppError(401, "UNAUTHORIZED", message);
export const forbidden = (message = "You do not have permission to do this") =>
  new AppError(403, "FORBIDDEN", message);
export const notFound = (what = "Resource") => new AppError(404, "NOT_FOUND", `${what} not found`);
/** A request that conflicts with the data; the code tells the client which conflict it is. */
export const conflict = (code: ErrorCode, message: string, errors: FieldError[] = []) =>
  new AppError(409, code, message, errors);
export const tooManyRequests = (message: string) => new AppError(429, "RATE_LIMITED", message);
