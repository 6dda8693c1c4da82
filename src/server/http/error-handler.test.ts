import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandler } from "./error-handler";
import { conflict, notFound } from "./errors";

async function appThrowing(error: unknown) {
  const app = Fastify();
  registerErrorHandler(app);
  app.get("/boom", async () => {
    throw error;
  });
  const response = await app.inject({ method: "GET", url: "/boom" });
  await app.close();
  return response;
}

/** A driver error as drizzle throws it: its own wrapper with the driver's error as the cause. */
const driverError = (code: string, message = "driver error", extra: object = {}) =>
  new Error("Failed query: select 1\nparams: ", {
    cause: Object.assign(new Error(message), { code, ...extra }),
  });

describe("error handler", () => {
  it("maps AppError to its status with code, message and field errors", async () => {
    const response = await appThrowing(
      conflict("SEATS_EXHAUSTED", "No seats left", [{ path: "licenseId", message: "full" }]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "SEATS_EXHAUSTED",
      message: "No seats left",
      errors: [{ path: "licenseId", message: "full" }],
    });
    expect((await appThrowing(notFound("License"))).json()).toEqual({
      code: "NOT_FOUND",
      message: "License not found",
    });
  });

  it("answers 503 with Retry-After whenever the database cannot serve", async () => {
    const unavailable = [
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      driverError("57P01", "terminating connection due to administrator command"),
      driverError("57P03", "the database system is starting up"),
      driverError("53300", "sorry, too many clients already"),
      driverError("55000", 'database "qm" is not currently accepting connections'),
      driverError("08006", "connection failure"),
      new Error("Connection terminated unexpectedly"),
      new Error("Failed query", { cause: new Error("Connection terminated") }),
      new Error("timeout exceeded when trying to connect"),
      new Error("PGlite is closed"),
    ];
    for (const error of unavailable) {
      const response = await appThrowing(error);
      expect(response.statusCode, String(error)).toBe(503);
      expect(response.headers["retry-after"], String(error)).toBe("5");
      expect(response.json().code, String(error)).toBe("DATABASE_UNAVAILABLE");
    }
  });

  it("answers 503 with the reason when the database refuses writes (full disk, read-only)", async () => {
    const refused: [unknown, string][] = [
      [
        driverError("53100", 'could not extend file "base/1/2": No space left on device'),
        "the database's disk is full",
      ],
      // The embedded database's file system, as Node reports it.
      [
        Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }),
        "the database's disk is full",
      ],
      [
        driverError("25006", "cannot execute INSERT in a read-only transaction"),
        "the database is read-only",
      ],
      [
        Object.assign(new Error("EROFS: read-only file system"), { code: "EROFS" }),
        "the database's file system is read-only",
      ],
    ];
    for (const [error, reason] of refused) {
      const response = await appThrowing(error);
      expect(response.statusCode, String(error)).toBe(503);
      expect(response.headers["retry-after"], String(error)).toBe("5");
      expect(response.json(), String(error)).toEqual({
        code: "DATABASE_UNAVAILABLE",
        message: `The database cannot store changes now: ${reason}. Please try again later.`,
      });
    }
    const resources = await appThrowing(driverError("53000", "insufficient resources"));
    expect(resources.statusCode).toBe(503);
    expect(resources.json().message).toBe("The database is not reachable. Please try again.");
  });

  it("answers 503 asking to try again when a concurrent transaction ended this one", async () => {
    for (const error of [
      driverError("40P01", "deadlock detected"),
      driverError("40001", "could not serialize access due to concurrent update"),
      driverError("55P03", 'could not obtain lock on row in relation "licenses"'),
    ]) {
      const response = await appThrowing(error);
      expect(response.statusCode, String(error)).toBe(503);
      expect(response.headers["retry-after"], String(error)).toBe("5");
      expect(response.json(), String(error)).toEqual({
        code: "DATABASE_UNAVAILABLE",
        message: "The database was busy with another change at the same moment. Please try again.",
      });
    }
  });

  it("treats other 55000 errors as a bug, not an outage", async () => {
    const response = await appThrowing(driverError("55000", "cannot lock rows in a view"));
    expect(response.statusCode).toBe(500);
  });

  it("maps constraint and value errors from the database to 409/400 with codes, not 500", async () => {
    const cases: [Error, number, string][] = [
      [
        driverError("23505", "dup", { constraint: "users_username_lower_idx" }),
        409,
        "DUPLICATE_USERNAME",
      ],
      [
        driverError("23505", "dup", { constraint: "accounts_email_lower_idx" }),
        409,
        "DUPLICATE_EMAIL",
      ],
      [driverError("23505", "dup", { constraint: "other_idx" }), 409, "DUPLICATE_RECORD"],
      [driverError("23503"), 409, "STILL_REFERENCED"],
      [driverError("22P02"), 400, "VALIDATION_FAILED"],
      [
        driverError("22021", 'invalid byte sequence for encoding "UTF8": 0x00'),
        400,
        "VALIDATION_FAILED",
      ],
      [driverError("22P05", "unsupported Unicode escape sequence"), 400, "VALIDATION_FAILED"],
    ];
    for (const [error, status, code] of cases) {
      const response = await appThrowing(error);
      expect(response.statusCode, code).toBe(status);
      expect(response.json().code, code).toBe(code);
    }
  });

  it("hides the details of a genuine bug", async () => {
    const response = await appThrowing(new Error("secret internals"));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: "INTERNAL_ERROR",
      message: "Something went wrong on the server",
    });
    expect(response.body).not.toContain("secret internals");
  });

  it("gives Fastify's own client errors a code, and an aborted upload is not a database outage", async () => {
    const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET", statusCode: 400 });
    const response = await appThrowing(aborted);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("BAD_REQUEST");
    const tooLarge = Object.assign(new Error("Request body is too large"), {
      code: "FST_ERR_CTP_BODY_TOO_LARGE",
      statusCode: 413,
    });
    expect((await appThrowing(tooLarge)).json().code).toBe("PAYLOAD_TOO_LARGE");
  });
});
