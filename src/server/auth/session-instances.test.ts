// Two application instances on one PostgreSQL, as behind a load balancer: a session cached on
// one is refused there as soon as another instance signs it out or deactivates its user.
// Runs with TEST_DATABASE_URL only (PGlite lives inside one process).
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { TEST_PASSWORD } from "../../../tests/support/test-app";
import { databaseUrl, templateDbName, usingPostgres } from "../../../tests/support/test-database";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { createSecrets } from "../lib/secrets";

const name = `qm_test_instances_${process.pid}_${randomBytes(4).toString("hex")}`;
const instances: { app: FastifyInstance; database: Database }[] = [];

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!usingPostgres())("two instances on one PostgreSQL", () => {
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    await adminQuery(`create database ${name} template ${templateDbName()}`);
    const secrets = createSecrets(randomBytes(32));
    const config = loadConfig({
      LOG_LEVEL: "silent",
      CLIENT_DIR: "/nonexistent",
      DATA_DIR: "/nonexistent",
    });
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({
        kind: "postgres",
        url: databaseUrl(process.env.TEST_DATABASE_URL!, name),
      });
      const app = await buildApp({ config, database, secrets });
      await app.ready();
      instances.push({ app, database });
    }
    [a, b] = instances.map((instance) => instance.app) as [FastifyInstance, FastifyInstance];
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  const headers = { "x-requested-with": "XMLHttpRequest" };
  async function login(app: FastifyInstance, username: string) {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers,
      payload: { username, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return `qm_session=${response.cookies.find((c) => c.name === "qm_session")!.value}`;
  }
  const authenticated = async (app: FastifyInstance, cookie: string) =>
    (
      await app.inject({ method: "GET", url: "/api/auth/status", headers: { ...headers, cookie } })
    ).json().authenticated as boolean;

  it("refuses on B a session signed out on A", async () => {
    const user = await createUser(instances[0]!.database.db);
    const cookie = await login(a, user.username);
    expect(await authenticated(b, cookie)).toBe(true);
    expect(b.sessions.caching).toBe(true);
    const logout = await a.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { ...headers, cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(await authenticated(b, cookie)).toBe(false);
  });

  it("refuses on B the session of a user deactivated on A", async () => {
    const admin = await createUser(instances[0]!.database.db, { role: "admin" });
    const user = await createUser(instances[0]!.database.db);
    const adminCookie = await login(a, admin.username);
    const cookie = await login(b, user.username);
    expect(await authenticated(b, cookie)).toBe(true);
    const patch = await a.inject({
      method: "PATCH",
      url: `/api/users/${user.id}`,
      headers: { ...headers, cookie: adminCookie },
      payload: { isActive: false },
    });
    expect(patch.statusCode).toBe(200);
    expect(await authenticated(b, cookie)).toBe(false);
  });
});
