// GET /metrics: off (404) without METRICS_TOKEN, 401 without that bearer token, and with it the
// Prometheus text format, read by a strict parser: requests by route pattern and status, the
// PostgreSQL pool's connections, each scheduled job's runs, failures and last success.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type MetricFamily,
  parsePrometheusText,
  sampleValue,
} from "../../../tests/support/prometheus-text";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { usingPostgres } from "../../../tests/support/test-database";
import { scheduleActivityRetention } from "../activity/retention-schedule";
import { ConfigError, loadConfig } from "../config";
import { scheduleHostingRefresh } from "../hosting/scheduler";

const TOKEN = "metrics-token-for-the-test-0123456789";
const quiet = { info: () => {}, warn: () => {} };

describe("METRICS_TOKEN", () => {
  it("is off when unset or empty, and refused when too short to be a secret", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: " " }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: "secret" })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: "secret" })).toThrow(
      /METRICS_TOKEN: must be at least 16/,
    );
  });
});

describe("without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it("answers 404, token or not", async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.request({ method: "GET", url: "/metrics", headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("quartermaster_");
    }
  });
});

describe("with METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t?.close());

  async function scrape(): Promise<Map<string, MetricFamily>> {
    const response = await t.request({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(response.body);
  }

  it("answers 401 without the token, with another, or with it elsewhere than the header", async () => {
    const refused = [
      { url: "/metrics", headers: {} },
      { url: "/metrics", headers: { authorization: "Bearer not-the-metrics-token-at-all" } },
      { url: "/metrics", headers: { authorization: `Bearer ${TOKEN}x` } },
      { url: "/metrics", headers: { authorization: `Basic ${btoa(`x:${TOKEN}`)}` } },
      { url: `/metrics?token=${TOKEN}`, headers: {} },
    ];
    for (const { url, headers } of refused) {
      const response = await t.request({ method: "GET", url, headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain("quartermaster_");
    }
  });

  it("counts requests by route pattern and status, never by the URL", async () => {
    const { cookie } = await t.signedInUser({ role: "admin" });
    const before = sampleValue(await scrape(), "quartermaster_http_requests_total", {
      method: "GET",
      route: "/api/licenses/:id",
      status: "404",
    });
    for (let i = 0; i < 3; i++) {
      await t.request({ method: "GET", url: `/api/licenses/${987650 + i}`, cookie });
    }
    await t.request({ method: "GET", url: "/api/health" });
    const families = await scrape();
    const labels = { method: "GET", route: "/api/licenses/:id", status: "404" };
    expect(sampleValue(families, "quartermaster_http_requests_total", labels)).toBe(
      (before ?? 0) + 3,
    );
    expect(sampleValue(families, "quartermaster_http_request_duration_seconds_count", labels)).toBe(
      (before ?? 0) + 3,
    );
    expect(
      sampleValue(families, "quartermaster_http_requests_total", {
        route: "/api/health",
        status: "200",
      }),
    ).toBeGreaterThanOrEqual(1);
    const routes = families
      .get("quartermaster_http_requests_total")!
      .samples.map((sample) => sample.labels.route);
    expect(routes.filter((route) => route?.includes("98765"))).toEqual([]);
  });

  it.runIf(usingPostgres())("shows the PostgreSQL pool's connections", async () => {
    const families = await scrape();
    expect(sampleValue(families, "quartermaster_db_pool_max_connections")).toBe(30);
    const total = sampleValue(families, "quartermaster_db_pool_connections")!;
    const idle = sampleValue(families, "quartermaster_db_pool_idle_connections")!;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(total);
    expect(sampleValue(families, "quartermaster_db_pool_waiting_requests")).toBe(0);
  });

  it.skipIf(usingPostgres())(
    "shows no pool on the embedded database (one connection)",
    async () => {
      const families = await scrape();
      expect([...families.keys()].filter((name) => name.includes("_db_pool_"))).toEqual([]);
    },
  );

  /** Waits until the scrape shows the job's runs past `runs`. */
  async function runsAfter(job: string, runs: number) {
    for (let tries = 0; tries < 100; tries++) {
      const families = await scrape();
      const now = sampleValue(families, "quartermaster_job_runs_total", { job }) ?? 0;
      if (now > runs) return families;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${job} did not run`);
  }

  it("shows a scheduled job's runs, failures and last success", async () => {
    const job = { job: "activity_prune" };
    const before = await scrape();
    const runs = sampleValue(before, "quartermaster_job_runs_total", job) ?? 0;
    const failures = sampleValue(before, "quartermaster_job_failures_total", job) ?? 0;
    const startedAt = Date.now() / 1000;
    const stop = scheduleActivityRetention({
      db: t.app.db,
      retentionDays: 30,
      log: quiet,
      firstLookAfterMs: 0,
    });
    try {
      const after = await runsAfter("activity_prune", runs);
      expect(sampleValue(after, "quartermaster_job_runs_total", job)).toBe(runs + 1);
      expect(sampleValue(after, "quartermaster_job_failures_total", job)).toBe(failures);
      const lastSuccess = sampleValue(
        after,
        "quartermaster_job_last_success_timestamp_seconds",
        job,
      );
      expect(lastSuccess).toBeGreaterThanOrEqual(Math.floor(startedAt));
      expect(lastSuccess).toBeLessThanOrEqual(Date.now() / 1000);
    } finally {
      stop();
    }
  });

  it("counts a failing job's failures, and keeps its last success where it was", async () => {
    const job = { job: "hosting_refresh" };
    const before = await scrape();
    const runs = sampleValue(before, "quartermaster_job_runs_total", job) ?? 0;
    const failures = sampleValue(before, "quartermaster_job_failures_total", job) ?? 0;
    const lastSuccess = sampleValue(
      before,
      "quartermaster_job_last_success_timestamp_seconds",
      job,
    );
    const stop = scheduleHostingRefresh({
      db: t.app.db,
      // A provider whose every call fails, as DigitalOcean does with a revoked token.
      provider: () =>
        new Proxy({} as never, {
          get: () => async () => {
            throw new Error("401 Unauthorized");
          },
        }),
      log: quiet,
      firstCheckAfterMs: 0,
    });
    try {
      const after = await runsAfter("hosting_refresh", runs);
      expect(sampleValue(after, "quartermaster_job_failures_total", job)).toBe(failures + 1);
      expect(sampleValue(after, "quartermaster_job_last_success_timestamp_seconds", job)).toBe(
        lastSuccess,
      );
    } finally {
      stop();
    }
  });
});
