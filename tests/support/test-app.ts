// buildTestApp(): the real application on a fresh database, driven with Fastify's inject.
import { randomBytes } from "node:crypto";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type AppDeps, buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { createSecrets, type Secrets } from "../../src/server/lib/secrets";
import { createUser, type UserFactoryInput } from "./factories";
import { openTestDatabase } from "./test-database";

export interface TestApp {
  app: FastifyInstance;
  /** Signs in through the API and returns the cookie header for later requests. */
  login(username: string, password?: string): Promise<string>;
  /** inject() with the origin header a browser on this app would send. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /** A user created through the database, signed in; returns the row and its cookie. */
  signedInUser(
    input?: UserFactoryInput,
  ): Promise<{ user: { id: number; username: string }; cookie: string }>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = "password123";

export async function buildTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, "onRoute" | "logStream"> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  try {
    return await testAppOn(database, createSecrets(randomBytes(32)), env, deps);
  } catch (error) {
    // An app that refuses to start (a test of bad configuration) leaves no database behind.
    await database.close();
    throw error;
  }
}

/**
 * The application on a database already open (closed with it); two of these on one database with
 * the same secrets are two instances behind a load balancer (tests/support/two-instances.ts).
 */
export async function testAppOn(
  database: Database,
  secrets: Secrets,
  env: Record<string, string> = {},
  deps: Pick<AppDeps, "onRoute" | "logStream"> = {},
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: "silent",
    CLIENT_DIR: "/nonexistent",
    DATA_DIR: "/nonexistent",
    ...env,
  });
  const app = await buildApp({ config, database, secrets, ...deps });
  await app.ready();

  const request: TestApp["request"] = ({ cookie, headers, ...options }) =>
    app.inject({
      ...options,
      headers: {
        "x-requested-with": "XMLHttpRequest",
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
    });

  async function login(username: string, password = TEST_PASSWORD) {
    const response = await request({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password },
    });
    if (response.statusCode !== 200) {
      throw new Error(`login as ${username} failed: ${response.statusCode} ${response.body}`);
    }
    const cookie = response.cookies.find((c) => c.name === "qm_session");
    return `qm_session=${cookie!.value}`;
  }

  return {
    app,
    login,
    request,
    async signedInUser(input = {}) {
      const user = await createUser(database.db, input);
      return { user, cookie: await login(user.username, input.password ?? TEST_PASSWORD) };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A signed-in person: the row and the session cookie. */
export type SignedIn = Awaited<ReturnType<TestApp["signedInUser"]>>;

/** The start of most API test files: a fresh app with a signed-in administrator and user. */
export async function appWithAdminAndUser(env: Record<string, string> = {}) {
  const t = await buildTestApp(env);
  return { t, admin: await t.signedInUser({ role: "admin" }), user: await t.signedInUser() };
}
