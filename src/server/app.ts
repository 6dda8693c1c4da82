// buildApp(): the whole HTTP application, used by main.ts and by the API tests.
import fs from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { type Access, publicRoute } from "./auth/guards";
import { authRoutes } from "./auth/routes";
import { type ActiveSession, findSession, SESSION_COOKIE } from "./auth/sessions";
import type { AppConfig } from "./config";
import type { Database, Db } from "./db/client";
import { registerErrorHandler } from "./http/error-handler";
import { requestLogSerializer } from "./http/log-redaction";
import { createOriginCheck } from "./http/origin-check";
import { enforceRouteGuards } from "./http/route-guard-enforcement";
import type { SecretBox } from "./lib/secret-box";
import { licenseRoutes } from "./licenses/routes";
import { userRoutes } from "./users/routes";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    secrets: SecretBox;
    /** Every /api route with the access its guard grants; walked by the route-guard test. */
    apiRoutes: { method: string; url: string; access: Access }[];
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
  }
}

export interface AppDeps {
  config: AppConfig;
  database: Database;
  secrets: SecretBox;
}

export async function buildApp({ config, database, secrets }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : { level: config.logLevel, serializers: { req: requestLogSerializer } },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("secrets", secrets);
  app.decorate("apiRoutes", []);
  app.decorateRequest("auth", null);

  enforceRouteGuards(app);
  registerErrorHandler(app);
  await app.register(fastifyCookie);

  app.addHook("onRequest", createOriginCheck(config.allowedOrigins));
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.auth = await findSession(app.db, token, config.session);
  });
  // Answers about people and secrets must never be cached by a browser or a proxy.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
  });

  app.get("/api/health", { preHandler: publicRoute }, async () => {
    await database.ping();
    return { status: "ok" };
  });
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(licenseRoutes);

  await registerClient(app, config.clientDir);
  return app;
}

/** Serves the built React app, with index.html for every non-API path (client-side routing). */
async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexPath = path.join(clientDir, "index.html");
  const hasClient = fs.existsSync(indexPath);
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    if (request.method !== "GET" || pathname.startsWith("/api/")) {
      return reply.status(404).send({ message: `No route for ${request.method} ${pathname}` });
    }
    if (!hasClient) {
      return reply
        .status(404)
        .type("text/plain")
        .send("The client is not built. Run `npm run build` (npm start does this for you).");
    }
    return reply.type("text/html").sendFile("index.html");
  });
}
