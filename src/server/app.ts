// buildApp(): the whole HTTP application, used by main.ts and by the API tests.
import fs from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, {
  type FastifyInstance,
  type FastifySchema,
  LogController,
  type RouteOptions,
} from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { accountRoutes } from "./accounts/routes";
import { activityRoutes } from "./activity/routes";
import { registerOpenApi } from "./api-docs/openapi";
import { apiDocsRoutes } from "./api-docs/routes";
import { apiTokenRoutes } from "./api-tokens/routes";
import {
  refuseTokenWhereInputSessionOnly,
  refuseTokenWhereSessionOnly,
} from "./api-tokens/session-only";
import { createTokenAuthenticator } from "./api-tokens/token-auth";
import { googleAuthRoutes } from "./auth/google/routes";
import { oidcAuthRoutes } from "./auth/oidc/routes";
import { authRoutes } from "./auth/routes";
import { openSessionStore, type SessionStore } from "./auth/session-store";
import { type ActiveSession, SESSION_COOKIE } from "./auth/sessions";
import { passwordRoutes } from "./auth/two-factor/password-routes";
import { twoFactorRoutes } from "./auth/two-factor/routes";
import { webauthnRoutes } from "./auth/webauthn/routes";
import { calendarFeedRoutes } from "./calendar-feed/routes";
import { clientStaticOptions, isAssetPath, registerCompression } from "./client-assets";
import type { AppConfig } from "./config";
import { currencyRateRoutes } from "./currency-rates/routes";
import { dashboardRoutes } from "./dashboard/routes";
import type { Database, Db } from "./db/client";
import { createStatisticsRefresher, type StatisticsRefresher } from "./db/maintenance";
import { directoryRoutes } from "./directories/routes";
import { expenseRoutes } from "./expenses/routes";
import { exportRoutes } from "./export/routes";
import { gsuiteRoutes } from "./gsuite/routes";
import { hardwareRoutes } from "./hardware/routes";
import { registerHealth } from "./health/routes";
import { hostingRoutes } from "./hosting/routes";
import { isApiRoute } from "./http/api-route";
import { bearerTokenOf } from "./http/bearer";
import { registerErrorHandler } from "./http/error-handler";
import { AppError } from "./http/errors";
import { registerJsonBodyParser } from "./http/json-body";
import { createOriginCheck } from "./http/origin-check";
import type { Access } from "./http/route-access";
import { enforceRouteGuards } from "./http/route-guard-enforcement";
import { registerSecurityHeaders } from "./http/security-headers";
import { validatorCompiler } from "./http/validation";
import { importRoutes } from "./imports/routes";
import { integrationRoutes } from "./integrations/routes";
import { loggerOptions, openLogDestination, registerRequestLog } from "./lib/request-log";
import { enforceResponseSchemas } from "./lib/response-contracts";
import type { Secrets } from "./lib/secrets";
import { licenseRoutes } from "./licenses/routes";
import { registerMetrics } from "./metrics/routes";
import { notificationRoutes } from "./notifications/routes";
import { offboardingRoutes } from "./offboarding/routes";
import { preferenceRoutes } from "./preferences/routes";
import { reminderRoutes } from "./reminders/routes";
import { scimRoutes } from "./scim/routes";
import { scimTokenRoutes } from "./scim/tokens-routes";
import { trustReviewRoutes } from "./trust-reviews/routes";
import { userRoutes } from "./users/routes";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    secrets: Secrets;
    /** Signed-in sessions, cached with immediate revocation (auth/session-store.ts). */
    sessions: SessionStore;
    /** Table statistics after bulk writes, taken after the answer (db/maintenance.ts). */
    statistics: StatisticsRefresher;
    /** Every /api route with the access its guard grants; walked by the route-guard test. */
    apiRoutes: { method: string; url: string; access: Access; schema?: FastifySchema }[];
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
  }
}

const INVALID_API_TOKEN_MESSAGE = "The API token is invalid, expired or revoked";

export interface AppDeps {
  config: AppConfig;
  database: Database;
  secrets: Secrets;
  /** Where the log goes (stdout when unset); the log-redaction test reads it. */
  logStream?: { write(line: string): void };
  /** Sees every route as it is registered; the OpenAPI completeness test collects them. */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp({
  config,
  database,
  secrets,
  logStream,
  onRoute,
}: AppDeps): Promise<FastifyInstance> {
  const logDestination = logStream ?? openLogDestination(config);
  const app = Fastify({
    logger: loggerOptions(config, logDestination),
    // One line per request instead of two (lib/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("secrets", secrets);
  app.decorate("apiRoutes", []);
  if (onRoute) app.addHook("onRoute", onRoute);
  registerRequestLog(app, logDestination);
  const sessionStore = await openSessionStore(database, config.session, (error) =>
    app.log.warn({ err: error }, "session store"),
  );
  app.decorate("sessions", sessionStore);
  app.addHook("onClose", () => sessionStore.close());
  const statistics = createStatisticsRefresher(database.db, (error, table) =>
    app.log.warn({ err: error, table }, "analyze after a bulk write failed"),
  );
  app.decorate("statistics", statistics);
  // Whoever built the database closes it after app.close(): no ANALYZE may still be running then.
  app.addHook("onClose", () => statistics.close());
  app.decorateRequest("auth", null);
  database.onConnectionLost((error) => app.log.warn({ err: error }, "database connection lost"));

  enforceRouteGuards(app);
  enforceResponseSchemas(app);
  // Before any route: it collects them as they are registered.
  await registerOpenApi(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await registerCompression(app);

  app.addHook("onRequest", createOriginCheck(config.allowedOrigins));
  const tokenAuth = createTokenAuthenticator(database.db);
  app.addHook("onRequest", async (request, reply) => {
    if (!isApiRoute(request)) return;
    // A script's personal API token, only ever from this header (decision 0024); it decides who
    // the caller is even if a cookie came along. A token presented and refused is a 401 on any
    // route, so a script learns at once that its token no longer works.
    const bearer = bearerTokenOf(request);
    if (bearer !== undefined) {
      request.auth = await tokenAuth.authenticate(bearer);
      if (!request.auth) {
        reply.header("www-authenticate", 'Bearer error="invalid_token"');
        throw new AppError(401, "INVALID_API_TOKEN", INVALID_API_TOKEN_MESSAGE);
      }
      refuseTokenWhereSessionOnly(request);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.auth = await sessionStore.find(token);
  });
  // What a token may not do with some input (a password in a user's edit) is known only once the
  // input is validated; this runs before the route's own guard and handler.
  app.addHook("preHandler", async (request) => refuseTokenWhereInputSessionOnly(request));
  // Answers about people and secrets must never be cached by a browser or a proxy. A route that
  // sets its own (the calendar feed: private, for calendar clients) has said what it needs.
  app.addHook("onSend", async (request, reply) => {
    if (
      (isApiRoute(request) || request.url.startsWith("/api/")) &&
      !reply.hasHeader("cache-control")
    ) {
      reply.header("cache-control", "no-store");
    }
  });

  // Before the areas: their errors tell the health check about a database that refuses writes.
  registerHealth(app, database);
  registerMetrics(app, database);
  await app.register(authRoutes);
  await app.register(webauthnRoutes);
  await app.register(googleAuthRoutes);
  await app.register(oidcAuthRoutes);
  await app.register(userRoutes);
  await app.register(offboardingRoutes);
  await app.register(licenseRoutes);
  await app.register(accountRoutes);
  await app.register(hardwareRoutes);
  await app.register(dashboardRoutes);
  await app.register(gsuiteRoutes);
  await app.register(currencyRateRoutes);
  await app.register(directoryRoutes);
  await app.register(trustReviewRoutes);
  await app.register(expenseRoutes);
  await app.register(hostingRoutes);
  await app.register(integrationRoutes);
  await app.register(twoFactorRoutes);
  await app.register(passwordRoutes);
  await app.register(preferenceRoutes);
  await app.register(importRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(apiDocsRoutes);
  await app.register(exportRoutes);
  await app.register(apiTokenRoutes);
  await app.register(scimTokenRoutes);
  await scimRoutes(app, {
    adoptByEmail: config.scimAdoptByEmail,
    rateLimitPerMinute: config.scimRateLimitPerMinute,
    adminGroups: config.scimAdminGroups,
  });
  await app.register(activityRoutes);
  await app.register(reminderRoutes);
  await app.register(notificationRoutes);

  await registerClient(app, config.clientDir);
  return app;
}

/** Serves the built React app, with index.html for every non-API path (client-side routing). */
async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexPath = path.join(clientDir, "index.html");
  const hasClient = fs.existsSync(indexPath);
  if (hasClient) {
    await app.register(fastifyStatic, clientStaticOptions(clientDir));
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    if (request.method !== "GET" || pathname.startsWith("/api/")) {
      return reply
        .status(404)
        .send({ code: "NOT_FOUND", message: `No route for ${request.method} ${pathname}` });
    }
    if (!hasClient) {
      return reply
        .status(404)
        .type("text/plain")
        .send("The client is not built. Run `npm run build` (npm start does this for you).");
    }
    if (isAssetPath(pathname)) return reply.status(404).type("text/plain").send("Not found");
    return reply.type("text/html").sendFile("index.html");
  });
}
