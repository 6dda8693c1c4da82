// A start with a key that does not open the data is refused, and changes nothing; the right key
// starts. At the level of openRuntime (what main.ts, create-admin and the reminders command open),
// on the embedded database in the PGlite run and on PostgreSQL in the PostgreSQL run; plus the
// server process itself, for the one line it prints.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { cloneTemplateDatabase, usingPostgres } from "../../tests/support/test-database";
import { loadConfig } from "./config";
import type { Database } from "./db/client";
import { encryptionKeyCheck } from "./db/schema";
import { EncryptionKeyMismatchError } from "./lib/secrets/key";
import { openRuntime } from "./runtime";

const refusal = (source: string) =>
  `${source} does not open the data in this database (it was set up with another key). ` +
  "Start with the key it was set up with; see docs/backup-and-restore.md.";
const newKey = () => randomBytes(32).toString("base64");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "qm-key-check-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** What "unchanged" means here: the stored check and the migrations applied. */
async function state(database: Database) {
  const check = await database.db.select().from(encryptionKeyCheck);
  const migrations = await database.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return { check, migrations: (migrations as unknown as { rows: unknown[] }).rows };
}

describe.skipIf(usingPostgres())("the embedded database", () => {
  const dataDir = path.join(root, "embedded");
  const keyFile = path.join(dataDir, "encryption.key");
  const open = (env: Record<string, string> = {}) =>
    openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env }));

  it("refuses a key file that does not open the data, and the data is unchanged", {
    timeout: 180_000,
  }, async () => {
    const first = await open();
    const before = await state(first.database);
    expect(before.check).toHaveLength(1);
    await first.close();
    const original = fs.readFileSync(keyFile);

    fs.writeFileSync(keyFile, `${newKey()}\n`);
    const refused = open();
    await expect(refused).rejects.toThrow(new EncryptionKeyMismatchError(refusal(keyFile)));
    // The lock and the database were let go: the right key starts at once.
    fs.writeFileSync(keyFile, original);
    const again = await open();
    expect(await state(again.database)).toEqual(before);
    await again.close();
  });

  it("refuses an ENCRYPTION_KEY that is not its key file's, and starts with the same key", {
    timeout: 120_000,
  }, async () => {
    const other = newKey();
    await expect(open({ ENCRYPTION_KEY: other })).rejects.toThrow(
      new EncryptionKeyMismatchError(
        `ENCRYPTION_KEY does not match ${keyFile}, the key this embedded database was set up with. ` +
          "Unset ENCRYPTION_KEY, or set it to that file's key; see docs/backup-and-restore.md.",
      ),
    );
    const same = await open({ ENCRYPTION_KEY: fs.readFileSync(keyFile, "utf8").trim() });
    await same.close();
  });

  it("says so in one line when the server process is started that way", {
    timeout: 120_000,
  }, async () => {
    const { DATABASE_URL: _url, ENCRYPTION_KEY: _key, ...inherited } = process.env;
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...inherited,
        DATA_DIR: dataDir,
        ENCRYPTION_KEY: newKey(),
        PORT: "0",
        CLIENT_DIR: "/nonexistent",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `ENCRYPTION_KEY does not match ${keyFile}, the key this embedded database was set up with. ` +
        "Unset ENCRYPTION_KEY, or set it to that file's key; see docs/backup-and-restore.md.",
    );
  });
});

describe.runIf(usingPostgres())("PostgreSQL", () => {
  it("stores the check at the first start, refuses another ENCRYPTION_KEY with the database unchanged, starts with its own", {
    timeout: 120_000,
  }, async () => {
    const clone = await cloneTemplateDatabase();
    try {
      const key = newKey();
      const open = (encryptionKey: string) =>
        openRuntime(
          loadConfig({
            DATABASE_URL: clone.url,
            ENCRYPTION_KEY: encryptionKey,
            LOG_LEVEL: "silent",
          }),
        );
      const first = await open(key);
      const before = await state(first.database);
      expect(before.check).toHaveLength(1);
      await first.close();

      await expect(open(newKey())).rejects.toThrow(
        new EncryptionKeyMismatchError(refusal("ENCRYPTION_KEY")),
      );
      const again = await open(key);
      expect(await state(again.database)).toEqual(before);
      await again.close();
    } finally {
      await clone.drop();
    }
  });
});
