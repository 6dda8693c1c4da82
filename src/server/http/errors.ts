// One error type for everything the API refuses on purpose; mapped to HTTP in error-handler.ts.
export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 429 | 503,
    message: string,
    readonly errors: FieldError[] = [],
    /** Extra top-level fields of the response body (e.g. the login route's success:false). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, errors: FieldError[] = []) =>
  new AppError(400, message, errors);
export const unauthorized = (message = "Authentication required") => new AppError(401, message);
export const forbidden = (message = "You do not have permission to do this") =>
  new AppError(403, message);
export const notFound = (what = "Resource") => new AppError(404, `${what} not found`);
export const conflict = (message: string, errors: FieldError[] = []) =>
  new AppError(409, message, errors);
export const tooManyRequests = (message: string) => new AppError(429, message);
