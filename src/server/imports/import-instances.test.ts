// Two application instances on one PostgreSQL, as behind a load balancer: an import into a list
// on one instance makes the other answer 409 for the same list (the claim row under an advisory
// lock, not the process's memory), while an import into another list, or the same list once
// the first is done, runs. Runs with TEST_DATABASE_URL only (PGlite lives in one process).
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { TEST_PASSWORD } from "../../../tests/support/test-app";
import { databaseUrl, templateDbName, usingPostgres } from "../../../tests/support/test-database";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { createSecrets } from "../lib/secrets";
import { importAreas } from "./areas";

const name = `qm_test_imports_${process.pid}_${randomBytes(4).toString("hex")}`;
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

describe.skipIf(!usingPostgres())("imports on two instances sharing one PostgreSQL", () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let cookieA: string;
  let cookieB: string;

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
  const importInto = (app: FastifyInstance, cookie: string, area: string, file: string) =>
    app.inject({
      method: "POST",
      url: `/api/imports/${area}`,
      headers: { ...headers, cookie, "content-type": "text/csv" },
      payload: file,
    });
  const hardwareFile = (prefix: string) =>
    `Name,Type,Serial Number/Identifier\r\n${prefix} 1,monitor,${prefix}-1\r\n${prefix} 2,monitor,${prefix}-2\r\n`;

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
    const admin = await createUser(instances[0]!.database.db, { role: "admin" });
    cookieA = await login(a, admin.username);
    cookieB = await login(b, admin.username);
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await adminQuery(`drop database if exists ${name} with (force)`);
  });
  afterEach(() => vi.restoreAllMocks());

  it("answers 409 on B while A imports into the same list; another list goes ahead", async () => {
    const definition = importAreas.hardware;
    const realInsert = definition.insert;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const started = new Promise<void>((resolve) => {
      entered = resolve;
    });
    vi.spyOn(definition, "insert").mockImplementation(async (tx, batch, secrets) => {
      entered();
      await gate;
      await realInsert(tx, batch, secrets);
    });

    const first = importInto(a, cookieA, "hardware", hardwareFile("INST-A"));
    await started;
    const second = await importInto(b, cookieB, "hardware", hardwareFile("INST-B"));
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("IMPORT_IN_PROGRESS");
    // B knows an import runs (from the claim row), though only A counts its rows.
    const progress = await b.inject({
      method: "GET",
      url: "/api/imports/hardware/progress",
      headers: { ...headers, cookie: cookieB },
    });
    expect(progress.json()).toEqual({ running: true, phase: null, processed: 0, total: 0 });
    const otherList = await importInto(b, cookieB, "users", "Username\r\ninstance.user\r\n");
    expect(otherList.statusCode, otherList.body).toBe(200);

    release();
    expect((await first).json()).toEqual({ area: "hardware", imported: 2, skipped: 0 });
    const after = await importInto(b, cookieB, "hardware", hardwareFile("INST-B"));
    expect(after.json()).toEqual({ area: "hardware", imported: 2, skipped: 0 });
  });
});
