// A database that goes away (backends terminated mid-transaction, connections refused, the
// embedded database closed) must cost the affected requests a 503, never the process, never a
// 500, never an acknowledged write; and the server must serve again as soon as the database does.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { licenseInput } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { usingPostgres } from "../../../tests/support/test-database";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createSecrets } from "../lib/secrets";
import { type Database, openDatabase } from "./client";
import { licenseAssignments, licenses } from "./schema";

async function appOn(database: Database) {
  const config = loadConfig({ LOG_LEVEL: "silent", CLIENT_DIR: "/nonexistent", DATA_DIR: "/x" });
  const app = await buildApp({ config, database, secrets: createSecrets(randomBytes(32)) });
  await app.ready();
  return app;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const terminateBackends = (admin: pg.Client, database: string) =>
  admin.query(
    "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [database],
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a database that cannot be reached", () => {
  it("answers 503 with Retry-After and the reason on /api/health and on API calls", async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    const database = await openDatabase({
      kind: "postgres",
      url: "postgres://nobody@127.0.0.1:1/none",
    });
    const app = await appOn(database);
    try {
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(health.headers["retry-after"]).toBe("5");
      expect(health.json()).toMatchObject({
        status: "unavailable",
        code: "DATABASE_UNAVAILABLE",
        reason: "the database server refuses connections",
      });
      const call = await app.inject({
        method: "GET",
        url: "/api/licenses",
        headers: { cookie: "qm_session=whatever" },
      });
      expect(call.statusCode).toBe(503);
      expect(call.headers["retry-after"]).toBe("5");
      expect(call.json().code).toBe("DATABASE_UNAVAILABLE");
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("answers 503 once the embedded database is closed", { timeout: 90_000 }, async () => {
    const database = await openDatabase({ kind: "pglite" });
    await database.migrate();
    const app = await appOn(database);
    try {
      await database.close();
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(health.json().reason).toBe("the embedded database is closed");
    } finally {
      // The database is already gone; closing the app may still try to use it.
      await app.close().catch(() => {});
    }
  });
});

// Terminating backends needs a PostgreSQL server; PGlite runs in-process and has no connections.
describe.skipIf(!usingPostgres())("PostgreSQL connections lost under load", () => {
  let t: TestApp;
  let adminCookie: string;
  let databaseName: string;
  const userIds: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
    for (let i = 0; i < 8; i++) userIds.push((await t.signedInUser()).user.id);
    const result = (await t.app.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    databaseName = result.rows[0]!.name;
  });
  afterAll(() => t?.close());

  it("keeps serving: no 500s, every acknowledged write present, later requests succeed", async () => {
    const statuses = new Map<number, number>();
    const acknowledgedLicenses: number[] = [];
    const acknowledgedAssignments: number[] = [];
    let running = true;

    // Each worker writes a license (one statement) and then assigns it (a transaction holding a
    // row lock), so terminations land both between statements and inside transactions.
    const worker = async (index: number) => {
      while (running) {
        const created = await t.request({
          method: "POST",
          url: "/api/licenses",
          payload: licenseInput(),
          cookie: adminCookie,
        });
        statuses.set(created.statusCode, (statuses.get(created.statusCode) ?? 0) + 1);
        if (created.statusCode !== 201) continue;
        const licenseId = created.json().id as number;
        acknowledgedLicenses.push(licenseId);
        const assigned = await t.request({
          method: "POST",
          url: "/api/assignments",
          payload: { licenseId, userId: userIds[index % userIds.length] },
          cookie: adminCookie,
        });
        statuses.set(assigned.statusCode, (statuses.get(assigned.statusCode) ?? 0) + 1);
        if (assigned.statusCode === 201) acknowledgedAssignments.push(assigned.json().id);
      }
    };

    const workers = Array.from({ length: 6 }, (_, index) => worker(index));
    let terminated = 0;
    await withAdminClient(async (admin) => {
      for (let round = 0; round < 20; round++) {
        await sleep(500);
        terminated += (await terminateBackends(admin, databaseName)).rowCount ?? 0;
      }
    });
    running = false;
    await Promise.all(workers);

    const summary = JSON.stringify(Object.fromEntries(statuses));
    expect(terminated, summary).toBeGreaterThan(0);
    expect(statuses.get(503) ?? 0, summary).toBeGreaterThan(0);
    expect(
      [...statuses.keys()].filter((status) => ![201, 503].includes(status)),
      summary,
    ).toEqual([]);

    const storedLicenses = new Set(
      (await t.app.db.select({ id: licenses.id }).from(licenses)).map((row) => row.id),
    );
    expect(acknowledgedLicenses.filter((id) => !storedLicenses.has(id))).toEqual([]);
    const storedAssignments = new Set(
      (await t.app.db.select({ id: licenseAssignments.id }).from(licenseAssignments)).map(
        (row) => row.id,
      ),
    );
    expect(acknowledgedAssignments.filter((id) => !storedAssignments.has(id))).toEqual([]);

    // The pool recovers by itself: no restart, no failed request once the database is back.
    for (let i = 0; i < 20; i++) {
      const after = await t.request({ method: "GET", url: "/api/licenses", cookie: adminCookie });
      expect(after.statusCode, after.body).toBe(200);
    }
    const health = await t.request({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
  }, 60_000);

  it("answers 503 while the database refuses connections (55000), and recovers", async () => {
    await withAdminClient(async (admin) => {
      await admin.query(`alter database ${databaseName} allow_connections false`);
      try {
        await terminateBackends(admin, databaseName);
        await sleep(300); // let the pool see its idle connections end
        const call = await t.request({ method: "GET", url: "/api/licenses", cookie: adminCookie });
        expect(call.statusCode, call.body).toBe(503);
        expect(call.headers["retry-after"]).toBe("5");
        const health = await t.request({ method: "GET", url: "/api/health" });
        expect(health.statusCode).toBe(503);
        expect(health.json().reason).toBe("the database does not accept connections");
      } finally {
        await admin.query(`alter database ${databaseName} allow_connections true`);
      }
    });
    const again = await t.request({ method: "GET", url: "/api/licenses", cookie: adminCookie });
    expect(again.statusCode).toBe(200);
  }, 30_000);
});
