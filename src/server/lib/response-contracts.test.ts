import Fastify from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registerErrorHandler } from "../http/error-handler";
import { AppError } from "../http/errors";
import { enforceResponseSchemas } from "./response-contracts";

function bareApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  enforceResponseSchemas(app);
  return app;
}

describe("enforceResponseSchemas", () => {
  it("refuses an /api route that declares no response schema", () => {
    const app = bareApp();
    expect(() => app.get("/api/naked", async () => ({ secret: "x" }))).toThrow(
      "Route GET /api/naked must declare its response schema",
    );
  });

  it("leaves routes outside /api alone", async () => {
    const app = bareApp();
    app.get("/outside", async () => ({ anything: 1 }));
    expect((await app.inject({ url: "/outside" })).json()).toEqual({ anything: 1 });
  });

  it("serializes error answers through the one error body: extra fields are dropped", async () => {
    const app = bareApp();
    app.get(
      "/api/thing",
      { schema: { response: { 200: z.object({ id: z.number() }) } } },
      async () => {
        throw new AppError(409, "CONFLICT", "No", [], { internalDetail: "leaked" });
      },
    );
    const response = await app.inject({ url: "/api/thing" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: "CONFLICT", message: "No" });
  });

  it("keeps a route's own error schema when it declares one", async () => {
    const app = bareApp();
    app.get(
      "/api/login-like",
      {
        schema: {
          response: {
            200: z.object({ ok: z.boolean() }),
            "4xx": z.object({ code: z.string(), message: z.string(), success: z.literal(false) }),
          },
        },
      },
      async () => {
        throw new AppError(401, "INVALID_CREDENTIALS", "Invalid", [], { success: false });
      },
    );
    const response = await app.inject({ url: "/api/login-like" });
    expect(response.json()).toEqual({
      success: false,
      code: "INVALID_CREDENTIALS",
      message: "Invalid",
    });
  });
});
