import { describe, expect, it } from "vitest";
import { ApiError } from "@/client/lib/api-client";
import { describeUserSaveError, PERMISSION_DENIED } from "./user-errors";

describe("describeUserSaveError", () => {
  it("turns a 403 into Permission Denied", () => {
    expect(
      describeUserSaveError(new ApiError("Cross-site request refused", { status: 403 })),
    ).toEqual(PERMISSION_DENIED);
    expect(PERMISSION_DENIED).toEqual({
      title: "Permission Denied",
      description: "Only administrators can create or modify users",
    });
  });

  it("turns a message about administrators into Permission Denied", () => {
    expect(describeUserSaveError(new Error("Only administrators can do this"))).toEqual(
      PERMISSION_DENIED,
    );
  });

  it("shows the server message with path: message details", () => {
    const error = new ApiError("Username already exists", {
      status: 409,
      errors: [{ path: "username", message: "Username already exists" }],
    });
    expect(describeUserSaveError(error)).toEqual({
      title: "Error",
      description: "Username already exists\nusername: Username already exists",
    });
  });

  it("does not mistake the last-administrator rule for a permission problem", () => {
    const error = new ApiError("There must be at least one active administrator", { status: 409 });
    expect(describeUserSaveError(error).description).toBe(
      "There must be at least one active administrator",
    );
  });

  it("falls back to 'Unknown error occurred'", () => {
    expect(describeUserSaveError(undefined)).toEqual({
      title: "Error",
      description: "Unknown error occurred",
    });
    expect(describeUserSaveError(new Error(""))).toEqual({
      title: "Error",
      description: "Unknown error occurred",
    });
  });
});
