import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandler } from "./error-handler";
import { conflict } from "./errors";

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

describe("error handler", () => {
  it("maps AppError to its status with message and field errors", async () => {
    const response = await appThrowing(
      conflict("No seats left", [{ path: "licenseId", message: "full" }]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "No seats left",
      errors: [{ path: "licenseId", message: "full" }],
    });
  });

  it("answers 503 when the database cannot be reached", async () => {
    const error = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    const response = await appThrowing(new Error("Failed query", { cause: error }));
    expect(response.statusCode).toBe(503);
  });

  it("maps constraint violations from the database to 409/400, not 500", async () => {
    const unique = Object.assign(new Error("duplicate key"), { code: "23505" });
    expect((await appThrowing(new Error("Failed query", { cause: unique }))).statusCode).toBe(409);
    const badText = Object.assign(new Error("invalid input syntax"), { code: "22P02" });
    expect((await appThrowing(new Error("Failed query", { cause: badText }))).statusCode).toBe(400);
  });

  it("hides the details of a genuine bug", async () => {
    const response = await appThrowing(new Error("secret internals"));
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("secret internals");
  });
});
