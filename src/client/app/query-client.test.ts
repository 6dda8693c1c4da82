import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/client/lib/api-client";
import {
  createQueryClient,
  handleGlobalError,
  setUnauthorizedHandler,
  shouldRetryQuery,
} from "./query-client";

describe("shouldRetryQuery", () => {
  it("never retries 401 or 403", () => {
    expect(shouldRetryQuery(0, new ApiError("Authentication required", { status: 401 }))).toBe(
      false,
    );
    expect(shouldRetryQuery(0, new ApiError("Forbidden", { status: 403 }))).toBe(false);
  });

  it("retries other failures once", () => {
    const error = new ApiError("Server down", { status: 503 });
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(false);
    expect(shouldRetryQuery(0, new Error("Network error"))).toBe(true);
  });
});

describe("createQueryClient", () => {
  it("applies the spec's defaults", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(30_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe("handleGlobalError", () => {
  it("sends a signed-out session to sign in, but not a conflict that mentions 401", async () => {
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    const client = createQueryClient();
    const seatsConflict = new ApiError(
      "Total seats cannot be fewer than the 401 seats currently assigned",
      { status: 409 },
    );
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(seatsConflict) })
      .execute(undefined)
      .catch(() => {});
    expect(toLogin).not.toHaveBeenCalled();

    handleGlobalError(new ApiError("Authentication required", { status: 401 }));
    expect(toLogin).toHaveBeenCalledTimes(1);
  });
});
