import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction";

describe("redactUrl", () => {
  it("hides search values and keeps the rest", () => {
    expect(redactUrl("/api/licenses?search=ABCD-1234&sort=name")).toBe(
      "/api/licenses?search=[redacted]&sort=name",
    );
    expect(redactUrl("/api/licenses?status=all&Search=x")).toBe(
      "/api/licenses?status=all&Search=[redacted]",
    );
    expect(redactUrl("/api/licenses")).toBe("/api/licenses");
  });
});
