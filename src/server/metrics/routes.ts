// GET /metrics in the Prometheus text format, for an operator's monitoring: requests by route and
// status, the database pool's use, each scheduled job's runs (lib/job-metrics.ts) and the
// process's own figures. Off (404) unless METRICS_TOKEN is set, and then only for that bearer
// token: route names and job failures are not for everyone who can reach the port.
// Not under /api: the API's guards, sessions and OpenAPI document are for people and scripts of
// the application, this is for a scraper with its own token.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client";
import { bearerTokenOf } from "../http/bearer";
import { jobMetricsRegistry } from "../lib/job-metrics";

// The process's CPU, memory, event-loop delay and handles: one set per process, however many
// apps a test builds.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: "quartermaster_" });
  }
  return processRegistry;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares in constant time (equal-length digests), so the answer's timing tells nothing. */
function isMetricsToken(request: FastifyRequest, token: string): boolean {
  const presented = bearerTokenOf(request);
  return !!presented && timingSafeEqual(digest(presented), digest(token));
}

function requestMetrics(registry: Registry) {
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "quartermaster_http_requests_total",
    help: "Answered HTTP requests, by method, route pattern and status",
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "quartermaster_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return { requests, durations };
}

function poolMetrics(registry: Registry, database: Database) {
  const gauge = (
    name: string,
    help: string,
    read: (use: NonNullable<ReturnType<Database["poolUse"]>>) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const use = database.poolUse();
        if (use) this.set(read(use));
      },
    });
  gauge(
    "quartermaster_db_pool_max_connections",
    "Connections the database pool may open",
    (use) => use.max,
  );
  gauge(
    "quartermaster_db_pool_connections",
    "Connections the database pool holds open",
    (use) => use.total,
  );
  gauge(
    "quartermaster_db_pool_idle_connections",
    "Open connections no request is using",
    (use) => use.idle,
  );
  gauge(
    "quartermaster_db_pool_waiting_requests",
    "Requests waiting for their turn at a connection",
    (use) => use.waiting,
  );
}

export function registerMetrics(app: FastifyInstance, database: Database) {
  const token = app.config.metricsToken;
  const registry = new Registry();
  if (token) {
    const { requests, durations } = requestMetrics(registry);
    // By the route's pattern ('/api/licenses/:id'), never the URL: one series per route, not per
    // id or search text, and nothing a caller typed ends up in the metrics.
    app.addHook("onResponse", async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? "unmatched",
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });
    // The embedded database has one in-process connection: no pool to show.
    if (database.poolUse()) poolMetrics(registry, database);
  }

  app.get("/metrics", async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!token) {
      return reply.status(404).send({ code: "NOT_FOUND", message: "No route for GET /metrics" });
    }
    if (!isMetricsToken(request, token)) {
      return reply
        .status(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ code: "UNAUTHORIZED", message: "A valid metrics token is required" });
    }
    const all = Registry.merge([registry, jobMetricsRegistry, processMetrics()]);
    return reply.type(all.contentType).send(await all.metrics());
  });
}
