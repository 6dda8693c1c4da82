import { describe, expect, it } from "vitest";
import { ApiError } from "@/client/lib/api-client";
import { describeServerError } from "./server-errors";

const fields = ["name", "totalSeats"] as const;

describe("describeServerError", () => {
  it("puts field errors on the form's fields and drops unknown paths", () => {
    const error = new ApiError("Total seats cannot be fewer than the 3 seats currently assigned", {
      status: 409,
      errors: [
        {
          path: "totalSeats",
          message: "Total seats cannot be fewer than the 3 seats currently assigned",
        },
        { path: "somethingElse", message: "Ignored" },
      ],
    });
    expect(describeServerError(error, fields)).toEqual({
      fieldErrors: [
        {
          field: "totalSeats",
          message: "Total seats cannot be fewer than the 3 seats currently assigned",
        },
      ],
      message: null,
    });
  });

  it("keeps the server's reason for a refusal without field errors", () => {
    const error = new ApiError("No seats left on this license", { status: 409 });
    expect(describeServerError(error, fields)).toEqual({
      fieldErrors: [],
      message: "No seats left on this license",
    });
  });

  it("says nothing more for server failures, sign-outs and non-API errors", () => {
    expect(describeServerError(new ApiError("boom", { status: 500 }), fields).message).toBeNull();
    expect(
      describeServerError(new ApiError("Unauthorized", { status: 401 }), fields).message,
    ).toBeNull();
    expect(
      describeServerError(
        new ApiError("Request timeout after 10000ms: /api/licenses", { kind: "timeout" }),
        fields,
      ).message,
    ).toBeNull();
    expect(describeServerError(new Error("x"), fields).message).toBeNull();
  });
});
