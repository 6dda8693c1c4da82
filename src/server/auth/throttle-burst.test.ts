// Sign-in limits under parallel bursts: at most the limit of password checks, whether the burst
// hits one process or two processes sharing one PostgreSQL database.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../../../tests/support/test-app";
import { databaseUrl, usingPostgres } from "../../../tests/support/test-database";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { createSecrets } from "../lib/secrets";

// Counts the password checks the server really makes.
const verified = vi.hoisted(() => ({ count: 0 }));
vi.mock("./passwords", async (importOriginal) => {
  const original = await importOriginal<typeof import("./passwords")>();
  return {
    ...original,
    verifyPassword: async (...args: Parameters<typeof original.verifyPassword>) => {
      verified.count++;
      return original.verifyPassword(...args);
    },
  };
});

const LIMITS = { LOGIN_MAX_FAILURES_PER_ACCOUNT: "5", LOGIN_MAX_FAILURES_PER_ADDRESS: "20" };

const attempt = (app: FastifyInstance, username: string, password: string, ip: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "x-requested-with": "XMLHttpRequest" },
    remoteAddress: ip,
    payload: { username, password },
  });

function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(LIMITS);
});
afterAll(() => t.close());
afterEach(() => {
  verified.count = 0;
});

describe("sign-in limits under a parallel burst", () => {
  it("checks at most the account's limit of 100 parallel wrong passwords", async () => {
    await createUser(t.app.db, { username: "burst-target" });
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        attempt(t.app, "burst-target", `wrong-${i}`, `198.51.100.${i % 200}`).then(
          (r) => r.statusCode,
        ),
      ),
    );
    expect(verified.count).toBeLessThanOrEqual(5);
    expect(tally(statuses)).toEqual({ 401: verified.count, 429: 100 - verified.count });
    // The account is now locked, even for its right password, and says for how long.
    const locked = await attempt(t.app, "burst-target", TEST_PASSWORD, "192.0.2.1");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe("RATE_LIMITED");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(60);
  });

  it("lets the right password in a burst succeed only if it is among the first attempts checked", async () => {
    await createUser(t.app.db, { username: "burst-right" });
    const passwords = Array.from({ length: 30 }, (_, i) => (i === 29 ? TEST_PASSWORD : `no-${i}`));
    const statuses = await Promise.all(
      passwords.map((password, i) =>
        attempt(t.app, "burst-right", password, `203.0.113.${i}`).then((r) => r.statusCode),
      ),
    );
    // A success starts the account afresh (releaseAfterSuccess): when the right password is among
    // the first five checked, the burst's later guesses get one new window of five.
    const windows = statuses.includes(200) ? 2 : 1;
    expect(verified.count).toBeLessThanOrEqual(5 * windows);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      30 - 5 * windows,
    );
  });

  it("checks at most the address's limit of a burst across many accounts", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        attempt(t.app, `nobody-${i}`, "guess", "192.0.2.77").then((r) => r.statusCode),
      ),
    );
    expect(verified.count).toBeLessThanOrEqual(20);
    expect(tally(statuses)).toEqual({ 401: verified.count, 429: 100 - verified.count });
  });

  it("gives a success's reservation back to its address", async () => {
    await createUser(t.app.db, { username: "office-worker" });
    for (let i = 0; i < 25; i++) {
      expect((await attempt(t.app, "office-worker", TEST_PASSWORD, "192.0.2.200")).statusCode).toBe(
        200,
      );
    }
  });
});

// Two server processes on one database: the database, not a process, holds the count.
describe.skipIf(!usingPostgres())("two instances on one PostgreSQL", () => {
  it("checks at most the limit of a burst split across both", async () => {
    const result = (await t.app.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    const second = await openDatabase({
      kind: "postgres",
      url: databaseUrl(process.env.TEST_DATABASE_URL!, result.rows[0]!.name),
      poolSize: 30,
    });
    const config = loadConfig({ LOG_LEVEL: "silent", CLIENT_DIR: "/x", DATA_DIR: "/x", ...LIMITS });
    const other = await buildApp({
      config,
      database: second,
      secrets: createSecrets(randomBytes(32)),
    });
    try {
      await createUser(t.app.db, { username: "two-instances" });
      const statuses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          attempt(i % 2 ? other : t.app, "two-instances", `bad-${i}`, `198.18.0.${i}`).then(
            (r) => r.statusCode,
          ),
        ),
      );
      expect(verified.count).toBeLessThanOrEqual(5);
      expect(tally(statuses)).toEqual({ 401: verified.count, 429: 100 - verified.count });
    } finally {
      await other.close();
      await second.close();
    }
  });
});
