// The log of a run that drives the error paths carrying secrets (a database that fails under
// sign-in, session lookup, password change, key storage and key search) holds none of them.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { createSecrets } from "../lib/secrets";

const lines: string[] = [];
const PASSWORD = "correct-horse-battery";
const NEW_PASSWORD = "another-secret-passphrase";
const LICENSE_KEY = "SECRET-KEY-7Q2W-9XZ4";
const SEARCH = "7Q2W-9XZ4";

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof openDatabase>>;

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  const config = loadConfig({ LOG_LEVEL: "info", CLIENT_DIR: "/nonexistent", DATA_DIR: "/x" });
  app = await buildApp({
    config,
    database,
    secrets: createSecrets(randomBytes(32)),
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
}, 90_000);
// The database is closed by the test; closing the app may still try to use it.
afterAll(() => app.close().catch(() => {}));

describe("logs", () => {
  it("carry no password, hash, session token, key or search text, whatever fails", async () => {
    const admin = await createUser(database.db, {
      username: "log-admin",
      role: "admin",
      password: PASSWORD,
    });
    const headers = { "x-requested-with": "XMLHttpRequest" };
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers,
      payload: { username: "log-admin", password: PASSWORD },
    });
    const token = login.cookies.find((cookie) => cookie.name === "qm_session")!.value;
    const cookie = `qm_session=${token}`;
    const created = await app.inject({
      method: "POST",
      url: "/api/licenses",
      headers: { ...headers, cookie },
      payload: { name: "Logged", licenseKey: LICENSE_KEY },
    });
    expect(created.statusCode).toBe(201);

    // Every query from here fails: each error path logs the failed statement's error.
    await database.close();
    const calls = [
      {
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "log-admin", password: PASSWORD },
      },
      { method: "GET", url: `/api/licenses?search=${SEARCH}` },
      { method: "POST", url: "/api/licenses", payload: { name: "Again", licenseKey: LICENSE_KEY } },
      { method: "PATCH", url: `/api/users/${admin.id}`, payload: { password: NEW_PASSWORD } },
      {
        method: "POST",
        url: "/api/users",
        payload: { username: "newbie", password: NEW_PASSWORD },
      },
      { method: "GET", url: "/api/health" },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: { ...headers, cookie } });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(503);
    }

    const log = lines.join("");
    expect(log).toContain("database"); // the failures were logged
    const hashedToken = createHash("sha256").update(token).digest("hex");
    for (const secret of [
      PASSWORD,
      NEW_PASSWORD,
      LICENSE_KEY,
      SEARCH,
      token,
      hashedToken,
      "$argon2id$",
      "v1:",
    ]) {
      expect(log.includes(secret), `log contains ${secret}`).toBe(false);
    }
  });
});
