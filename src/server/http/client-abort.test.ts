// A client that hangs up in the middle of its request body is the client's doing: it must not
// be logged as a database outage (an operator would go looking for a fault that is not there).
import { randomBytes } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import { createSecrets } from "../lib/secrets";

const lines: string[] = [];
// The errors that reached the error handler: proof that the aborts were handled as errors.
const handled: { url: string; code?: string }[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let port: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ LOG_LEVEL: "debug", CLIENT_DIR: "/nonexistent", DATA_DIR: "/x" });
  app = await buildApp({
    config,
    database,
    secrets: createSecrets(randomBytes(32)),
    logStream: { write: (line) => void lines.push(line) },
  });
  app.addHook("onError", async (request, _reply, error) => {
    handled.push({ url: request.url, code: (error as NodeJS.ErrnoException).code });
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  port = Number(new URL(address).port);
}, 90_000);
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Sends the head and part of a body that claims to be longer, then hangs up. */
function abortMidBody(path: string) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Requested-With: XMLHttpRequest\r\n` +
          `Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"username":"adm`,
      );
      // Hang up once the server has the head and has started reading the body.
      setTimeout(() => socket.destroy(), 50);
    });
    socket.on("close", () => resolve());
    socket.on("error", reject);
  });
}

describe("a client that aborts mid-body", () => {
  it("is not logged as database unavailable, and the server keeps serving", async () => {
    const paths = ["/api/auth/login", "/api/licenses", "/api/users"];
    for (const path of paths) await abortMidBody(path);
    await expect.poll(() => handled.map((error) => error.url).sort()).toEqual([...paths].sort());
    // Node reports the hang-up as ECONNRESET, the code a lost database connection has too. The
    // guarded routes refuse an anonymous caller before reading the body at all.
    expect(Object.fromEntries(handled.map((error) => [error.url, error.code]))).toEqual({
      "/api/auth/login": "ECONNRESET",
      "/api/licenses": "UNAUTHORIZED",
      "/api/users": "UNAUTHORIZED",
    });

    const log = lines.join("");
    expect(log).not.toContain("database unavailable");
    expect(lines.map((line) => JSON.parse(line).level).filter((level) => level >= 40)).toEqual([]);
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
  });
});
