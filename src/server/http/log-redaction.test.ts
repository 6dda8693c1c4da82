import { describe, expect, it } from "vitest";
import { errorLogSerializer, redactUrl } from "./log-redaction";

describe("redactUrl", () => {
  it("hides search values and keeps the rest", () => {
    expect(redactUrl("/api/licenses?search=ABCD-1234&sort=name")).toBe(
      "/api/licenses?search=[redacted]&sort=name",
    );
    expect(redactUrl("/api/licenses?status=all&Search=x")).toBe(
      "/api/licenses?status=all&Search=[redacted]",
    );
    expect(redactUrl("/api/licenses")).toBe("/api/licenses");
    expect(redactUrl("/api/auth/google/callback?state=abc&code=4%2F0Ab&scope=email")).toBe(
      "/api/auth/google/callback?state=[redacted]&code=[redacted]&scope=email",
    );
  });

  it("hides a calendar feed's token, which is its path", () => {
    expect(redactUrl("/api/calendar-feed/qmf_SeCrEt-Token_123.ics")).toBe(
      "/api/calendar-feed/[redacted]",
    );
    expect(redactUrl("/api/calendar-feed/abc.ics?x=1")).toBe("/api/calendar-feed/[redacted]?x=1");
    expect(redactUrl("/api/calendar-feed")).toBe("/api/calendar-feed");
  });
});

describe("errorLogSerializer", () => {
  it("keeps the code, statement and constraint, never the parameters, row values or quoted data", () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "u"'), {
      code: "23505",
      constraint: "users_username_lower_idx",
      detail: "Key (lower(username))=(jane) already exists.",
    });
    const failed = Object.assign(
      new Error(
        'Failed query: insert into "users" values ($1, $2)\nparams: jane,$argon2id$v=19$abc',
      ),
      { query: 'insert into "users" values ($1, $2)', params: ["jane", "$argon2id$v=19$abc"] },
      { cause: driver },
    );
    const logged = errorLogSerializer(failed);
    expect(logged).toMatchObject({
      message: "Failed query",
      statement: 'insert into "users" values ($1, $2)',
      cause: { code: "23505", constraint: "users_username_lower_idx" },
    });
    const text = JSON.stringify(logged);
    expect(text).not.toContain("argon2id");
    expect(text).not.toContain("jane");

    const dataError = Object.assign(new Error('invalid input syntax for type integer: "s3cret"'), {
      code: "22P02",
    });
    expect(JSON.stringify(errorLogSerializer(dataError))).not.toContain("s3cret");
  });
});
