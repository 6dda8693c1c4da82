// An office-account password never reaches the database's files in clear: an account is created,
// edited and revealed on a PGlite data directory, the database is checkpointed and closed, and
// every file under the directory (tables, indexes, write-ahead log) is searched for it.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { createSecrets } from "../lib/secrets";

const PASSWORD = "Disk-Check-Secret-7Y3T";
const NEW_PASSWORD = "Disk-Check-Changed-2W8R";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-accounts-files-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe("the database files", () => {
  it("hold no office-account password in clear", async () => {
    const database = await openDatabase({ kind: "pglite", dataDir });
    await database.migrate();
    const config = loadConfig({ LOG_LEVEL: "silent", CLIENT_DIR: "/nonexistent", DATA_DIR: "/x" });
    const app = await buildApp({ config, database, secrets: createSecrets(randomBytes(32)) });
    await app.ready();
    await createUser(database.db, { username: "disk-admin", role: "admin", password: "pw-123456" });
    const headers = { "x-requested-with": "XMLHttpRequest" };
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers,
      payload: { username: "disk-admin", password: "pw-123456" },
    });
    const cookie = `qm_session=${login.cookies.find((c) => c.name === "qm_session")!.value}`;
    const created = await app.inject({
      method: "POST",
      url: "/api/accounts",
      headers: { ...headers, cookie },
      payload: { email: "disk@example.com", password: PASSWORD, provider: "google" },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const edited = await app.inject({
      method: "PATCH",
      url: `/api/accounts/${id}`,
      headers: { ...headers, cookie },
      payload: { password: NEW_PASSWORD },
    });
    expect(edited.statusCode).toBe(200);
    const revealed = await app.inject({
      method: "POST",
      url: `/api/accounts/${id}/reveal`,
      headers: { ...headers, cookie },
    });
    expect(revealed.json()).toEqual({ password: NEW_PASSWORD });
    await database.db.execute("checkpoint");
    await app.close();

    const files = filesUnder(dataDir);
    expect(files.length).toBeGreaterThan(10);
    // The e-mail is stored in clear: the search below can find what is there.
    const found = (text: string) =>
      files.filter((file) => fs.readFileSync(file).includes(Buffer.from(text, "utf8")));
    expect(found("disk@example.com").length).toBeGreaterThan(0);
    expect(found(PASSWORD)).toEqual([]);
    expect(found(NEW_PASSWORD)).toEqual([]);
  }, 120_000);
});
