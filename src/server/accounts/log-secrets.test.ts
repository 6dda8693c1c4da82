// The log of a run that creates, edits, searches for and reveals office-account passwords, then
// does it again while the database fails, holds none of the passwords.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { createSecrets } from "../lib/secrets";

const lines: string[] = [];
const PASSWORD = "Office-Secret-4Q7Z";
const NEW_PASSWORD = "Changed-Secret-8K2M";
const FAILED_PASSWORD = "Never-Stored-3J9P";

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof openDatabase>>;

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  const config = loadConfig({ LOG_LEVEL: "debug", CLIENT_DIR: "/nonexistent", DATA_DIR: "/x" });
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

describe("logs of the office accounts area", () => {
  it("carry no account password, whatever is done or fails", async () => {
    await createUser(database.db, { username: "acct-admin", role: "admin", password: "pw-123456" });
    const headers = { "x-requested-with": "XMLHttpRequest" };
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers,
      payload: { username: "acct-admin", password: "pw-123456" },
    });
    const cookie = `qm_session=${login.cookies.find((c) => c.name === "qm_session")!.value}`;
    const send = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
      app.inject({ method, url, headers: { ...headers, cookie }, payload });

    const created = await send("POST", "/api/accounts", {
      email: "logged@example.com",
      password: PASSWORD,
      provider: "adobe",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await send("POST", `/api/accounts/${id}/reveal`)).json()).toEqual({
      password: PASSWORD,
    });
    expect(
      (await send("PATCH", `/api/accounts/${id}`, { password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    // A refused write (duplicate e-mail) and a search for the password text.
    const duplicate = await send("POST", "/api/accounts", {
      email: "LOGGED@example.com",
      password: PASSWORD,
      provider: "adobe",
    });
    expect(duplicate.statusCode).toBe(409);
    expect((await send("GET", `/api/accounts?search=${PASSWORD}`)).json()).toEqual([]);

    // Every query from here fails: each error path logs the failed statement's error.
    await database.close();
    const failed = await send("POST", "/api/accounts", {
      email: "failing@example.com",
      password: FAILED_PASSWORD,
      provider: "other",
    });
    expect(failed.statusCode).toBe(503);
    expect((await send("POST", `/api/accounts/${id}/reveal`)).statusCode).toBe(503);
    expect(
      (await send("PATCH", `/api/accounts/${id}`, { password: FAILED_PASSWORD })).statusCode,
    ).toBe(503);

    const log = lines.join("");
    expect(log).toContain("/api/accounts"); // the requests were logged
    for (const secret of [PASSWORD, NEW_PASSWORD, FAILED_PASSWORD]) {
      expect(log.includes(secret), `log contains ${secret}`).toBe(false);
    }
  });
});
