// The application in this process, for the bench scripts that time calls by inject: built on the
// script's scratch database with the default configuration (silent logs, no client files), and a
// sign-in that gives the session cookie their requests carry.
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import type { Secrets } from "../../src/server/lib/secrets";
import { BENCH_PASSWORD } from "./bench-data";

/** The application, ready; `env` adds settings (e.g. the DigitalOcean stand-in's address). */
export async function buildBenchApp(
  database: Database,
  secrets: Secrets,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: "silent", CLIENT_DIR: "/nonexistent", ...env });
  const app = await buildApp({ config, database, secrets });
  await app.ready();
  return app;
}

/** `qm_session=...` of a seeded bench user (bench0 is the administrator). */
export async function benchSignIn(app: FastifyInstance, username = "bench0"): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "x-requested-with": "XMLHttpRequest" },
    payload: { username, password: BENCH_PASSWORD },
  });
  const session = response.cookies.find((cookie) => cookie.name === "qm_session");
  if (!session) throw new Error(`bench sign-in of ${username} failed: ${response.statusCode}`);
  return `qm_session=${session.value}`;
}
