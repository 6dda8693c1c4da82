import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  api,
  apiRequest,
  errorFromResponseBody,
  isUnauthorizedError,
} from "./api-client";

/** Stubs fetch; `make` builds a fresh Response per call (a body can be read only once). */
function mockFetch(make: () => Response | Promise<Response>) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => make());
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** The ApiError a request rejects with. */
function failure(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      return error;
    },
  );
}

/** A fetch that never answers, and rejects like the real one when its request is aborted. */
function hangingFetch() {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () =>
            reject(new DOMException("aborted", "AbortError")),
          );
        }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("errorFromResponseBody", () => {
  it("uses the JSON body's message first", () => {
    const error = errorFromResponseBody(
      409,
      "Conflict",
      JSON.stringify({
        message: "Username already exists",
        error: "ignored",
        errors: [{ path: "username", message: "Username already exists" }],
      }),
    );
    expect(error.message).toBe("Username already exists");
    expect(error.status).toBe(409);
    expect(error.errors).toEqual([{ path: "username", message: "Username already exists" }]);
  });

  it("falls back to the JSON body's error field", () => {
    expect(errorFromResponseBody(400, "Bad Request", '{"error":"Bad thing"}').message).toBe(
      "Bad thing",
    );
  });

  it("gives 'status: statusText' for JSON without message or error", () => {
    expect(errorFromResponseBody(500, "Internal Server Error", '{"other":1}').message).toBe(
      "500: Internal Server Error",
    );
    expect(errorFromResponseBody(502, "Bad Gateway", "").message).toBe("502: Bad Gateway");
  });

  it("gives 'status: body text' for a text body", () => {
    const error = errorFromResponseBody(503, "Service Unavailable", "upstream down\n");
    expect(error.message).toBe("503: upstream down");
    expect(error.errors).toEqual([]);
  });

  it("keeps only well-formed field errors", () => {
    const error = errorFromResponseBody(
      400,
      "Bad Request",
      JSON.stringify({ message: "Invalid", errors: [{ message: "no path" }, "junk", { path: 1 }] }),
    );
    expect(error.errors).toEqual([{ path: "", message: "no path" }]);
  });
});

describe("apiRequest", () => {
  it("sends cookies, the X-Requested-With header and JSON only with a body", async () => {
    const fetchMock = mockFetch(() => new Response('{"ok":true}', { status: 200 }));
    await api.get("/api/things");
    await api.post("/api/things", { name: "x" });

    const [getUrl, getInit] = fetchMock.mock.calls[0]!;
    expect(getUrl).toBe("/api/things");
    expect(getInit?.credentials).toBe("include");
    expect(getInit?.headers).toMatchObject({ "X-Requested-With": "XMLHttpRequest" });
    expect(getInit?.headers).not.toHaveProperty("Content-Type");
    expect(getInit?.body).toBeUndefined();

    const [, postInit] = fetchMock.mock.calls[1]!;
    expect(postInit?.method).toBe("POST");
    expect(postInit?.headers).toMatchObject({
      "X-Requested-With": "XMLHttpRequest",
      "Content-Type": "application/json",
    });
    expect(postInit?.body).toBe('{"name":"x"}');
  });

  it("returns parsed JSON, and null for 204", async () => {
    mockFetch(() => new Response('[{"id":1}]', { status: 200 }));
    await expect(api.get("/api/list")).resolves.toEqual([{ id: 1 }]);
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete("/api/list/1")).resolves.toBeNull();
  });

  it("gives the response headers with the data when asked", async () => {
    mockFetch(
      () => new Response('[{"id":1}]', { status: 200, headers: { "X-Total-Count": "42" } }),
    );
    const { data, headers } = await api.getWithHeaders<{ id: number }[]>("/api/list?limit=1");
    expect(data).toEqual([{ id: 1 }]);
    expect(headers.get("x-total-count")).toBe("42");
  });

  it("throws an ApiError with the server's message and status", async () => {
    mockFetch(
      () =>
        new Response('{"message":"Only administrators can do this"}', {
          status: 403,
          statusText: "Forbidden",
        }),
    );
    const error = await failure(apiRequest("GET", "/api/users"));
    expect(error.message).toBe("Only administrators can do this");
    expect(error.status).toBe(403);
    expect(error.kind).toBe("http");
  });

  it("times out with the spec's message", async () => {
    vi.useFakeTimers();
    hangingFetch();
    const pending = failure(apiRequest("GET", "/api/slow", undefined, { timeoutMs: 1500 }));
    await vi.advanceTimersByTimeAsync(1500);
    const error = await pending;
    expect(error.message).toBe("Request timeout after 1500ms: /api/slow");
    expect(error.kind).toBe("timeout");
  });

  it("uses a 10 s default time-out", async () => {
    vi.useFakeTimers();
    hangingFetch();
    let settled = false;
    const pending = failure(api.get("/api/slow")).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).message).toBe("Request timeout after 10000ms: /api/slow");
  });

  it("reports a network failure as kind network", async () => {
    mockFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    const error = await failure(api.get("/api/x"));
    expect(error.kind).toBe("network");
    expect(error.status).toBe(0);
  });
});

describe("isUnauthorizedError", () => {
  it("matches a 401 status and the spec's message rule", () => {
    expect(isUnauthorizedError(new ApiError("Authentication required", { status: 401 }))).toBe(
      true,
    );
    expect(isUnauthorizedError(new Error("Unauthorized"))).toBe(true);
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(true);
    expect(isUnauthorizedError(new ApiError("Forbidden", { status: 403 }))).toBe(false);
    expect(isUnauthorizedError(new Error("Something else"))).toBe(false);
    expect(isUnauthorizedError(undefined)).toBe(false);
  });
});

describe("isUnauthorizedError decides by status and code for API errors (issue 8)", () => {
  it("does not treat a 409 whose message mentions 401 as a sign-out", () => {
    const conflict = errorFromResponseBody(
      409,
      "Conflict",
      JSON.stringify({
        code: "SEATS_BELOW_ASSIGNED",
        message: "Total seats cannot be fewer than the 401 seats currently assigned",
        errors: [
          {
            path: "totalSeats",
            message: "Total seats cannot be fewer than the 401 seats currently assigned",
          },
        ],
      }),
    );
    expect(isUnauthorizedError(conflict)).toBe(false);
    expect(isUnauthorizedError(new ApiError("Unauthorized user name", { status: 400 }))).toBe(
      false,
    );
  });

  it("treats the UNAUTHORIZED code as a sign-out and reads the code from the body", () => {
    const expired = errorFromResponseBody(
      401,
      "Unauthorized",
      JSON.stringify({ code: "UNAUTHORIZED", message: "Authentication required" }),
    );
    expect(expired.code).toBe("UNAUTHORIZED");
    expect(isUnauthorizedError(expired)).toBe(true);
    // A 401 that names another reason is not a lost session; one without a code still is.
    const wrongPassword = errorFromResponseBody(
      401,
      "Unauthorized",
      JSON.stringify({ code: "INVALID_CREDENTIALS", message: "Invalid username or password" }),
    );
    expect(isUnauthorizedError(wrongPassword)).toBe(false);
    expect(isUnauthorizedError(errorFromResponseBody(401, "Unauthorized", ""))).toBe(true);
    // A code this client does not know is not trusted as one.
    expect(errorFromResponseBody(409, "Conflict", JSON.stringify({ code: "NOPE" })).code).toBe(
      undefined,
    );
  });

  it("keeps the spec's text rule for uncaught errors that are not API errors", () => {
    expect(isUnauthorizedError("Request failed: 401")).toBe(true);
    expect(isUnauthorizedError(new TypeError("Unauthorized access"))).toBe(true);
  });
});
