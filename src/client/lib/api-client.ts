// The one request helper of the client (spec part 1, sections 7 and 8): same-origin cookies,
// the X-Requested-With header the server's CSRF check expects, a time-out, and errors that carry
// the server's message, HTTP status, error code and field errors.
import { type ErrorCode, isErrorCode } from "@/domain/error-codes";

export interface FieldError {
  path: string;
  message: string;
}

/** Why a request failed: the server answered with an error, took too long, or could not be reached. */
export type ApiErrorKind = "http" | "timeout" | "network";

export class ApiError extends Error {
  readonly status: number;
  /** The body's machine code: what the client switches on. Undefined for time-outs, network
   * failures and answers that did not come from this API (a proxy's 502 page). */
  readonly code: ErrorCode | undefined;
  readonly errors: FieldError[];
  readonly kind: ApiErrorKind;
  /** The parsed JSON body of an error response, when there was one. */
  readonly body: unknown;

  constructor(
    message: string,
    options: {
      status?: number;
      code?: ErrorCode;
      errors?: FieldError[];
      kind?: ApiErrorKind;
      body?: unknown;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = options.status ?? 0;
    this.code = options.code;
    this.errors = options.errors ?? [];
    this.kind = options.kind ?? "http";
    this.body = options.body;
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const LOGIN_TIMEOUT_MS = 15_000;

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.message === "string"
      ? [{ path: typeof item.path === "string" ? item.path : "", message: item.message }]
      : [],
  );
}

/**
 * The error for a non-OK response: the JSON body's `message`, else its `error`, else
 * 'status: statusText'; a text body gives 'status: body text'.
 */
export function errorFromResponseBody(
  status: number,
  statusText: string,
  bodyText: string,
): ApiError {
  let parsed: unknown;
  let isJson = false;
  if (bodyText.trim() !== "") {
    try {
      parsed = JSON.parse(bodyText);
      isJson = true;
    } catch {
      isJson = false;
    }
  }

  if (isJson && isRecord(parsed)) {
    const fromBody =
      typeof parsed.message === "string" && parsed.message !== ""
        ? parsed.message
        : typeof parsed.error === "string" && parsed.error !== ""
          ? parsed.error
          : `${status}: ${statusText}`;
    return new ApiError(fromBody, {
      status,
      code: isErrorCode(parsed.code) ? parsed.code : undefined,
      errors: toFieldErrors(parsed.errors),
      body: parsed,
    });
  }
  const text = !isJson && bodyText.trim() !== "" ? bodyText.trim() : statusText;
  return new ApiError(`${status}: ${text}`, { status, body: isJson ? parsed : undefined });
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return (await apiRequestWithHeaders<T>(method, path, body, options)).data;
}

/** apiRequest, plus the response's headers (e.g. X-Total-Count of a paged list). */
export async function apiRequestWithHeaders<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });

  const headers: Record<string, string> = {
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
  };
  if (body !== undefined) headers["Content-Type"] = "application/json";

  try {
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        credentials: "include",
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) {
        throw new ApiError(`Request timeout after ${timeoutMs}ms: ${path}`, { kind: "timeout" });
      }
      if (options.signal?.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError(`Network error: ${reason}`, { kind: "network" });
    }

    const text = await response.text();
    if (!response.ok) throw errorFromResponseBody(response.status, response.statusText, text);
    const responseHeaders = response.headers;
    if (response.status === 204 || text.trim() === "") {
      return { data: null as T, headers: responseHeaders };
    }
    try {
      return { data: JSON.parse(text) as T, headers: responseHeaders };
    } catch {
      // A 2xx with a non-JSON body (e.g. the SPA's index.html for an unknown path) is not data.
      throw new ApiError(`${response.status}: Unexpected response from ${path}`, {
        status: response.status,
      });
    }
  } catch (error) {
    if (timedOut && !(error instanceof ApiError)) {
      throw new ApiError(`Request timeout after ${timeoutMs}ms: ${path}`, { kind: "timeout" });
    }
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>("GET", path, undefined, options),
  getWithHeaders: <T>(path: string, options?: RequestOptions) =>
    apiRequestWithHeaders<T>("GET", path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("POST", path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("PUT", path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("PATCH", path, body, options),
  delete: <T = null>(path: string, options?: RequestOptions) =>
    apiRequest<T>("DELETE", path, undefined, options),
};

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Whether an error means "sign in again". An answer from the API is judged by its status and code
 * only: its message is for people and may contain anything (a 409 about "the 401 seats currently
 * assigned" is not a sign-out). The spec's text rule (part 1, section 2.1: a message containing
 * 'Unauthorized' or '401') is kept for uncaught errors that did not come from the API.
 */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError) {
    // A 401 with another code (a wrong password typed into a sign-in form) is not a lost session.
    return error.code !== undefined ? error.code === "UNAUTHORIZED" : error.status === 401;
  }
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return message.includes("Unauthorized") || message.includes("401");
}
