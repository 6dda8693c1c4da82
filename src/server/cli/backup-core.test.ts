import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { licenses, users } from "../db/schema";
import { createSecrets, loadOrCreateKeyFile } from "../lib/secrets";
import { DEMO_LICENSES } from "../seed/licenses";
import { seedDemoDataIfEmpty } from "../seed/seed-demo";
import { backupEmbedded, keyFileFor, restoreEmbedded } from "./backup-core";
import { CliError } from "./cli-error";

const run = promisify(execFile);

let root: string;
let dataDir: string;
let backupDir: string;
// A demo database created once (creating one on disk takes seconds) and copied per test.
let template: string;

beforeAll(async () => {
  template = fs.mkdtempSync(path.join(os.tmpdir(), "qm-backup-template-"));
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(template, "pgdata") });
  await database.migrate();
  await seedDemoDataIfEmpty(database.db, createSecrets(loadOrCreateKeyFile(template)));
  await database.close();
}, 60_000);
afterAll(() => {
  if (template) fs.rmSync(template, { recursive: true, force: true });
});

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "qm-backup-"));
  dataDir = path.join(root, "data");
  backupDir = path.join(root, "backups");
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/** Opens the embedded database in dataDir the way the server does (migrated). */
async function openEmbedded() {
  fs.mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pgdata") });
  await database.migrate();
  return database;
}

function createDemoDatabase() {
  fs.cpSync(template, dataDir, { recursive: true });
}

describe("embedded backup and restore", () => {
  it("round-trips the data and the key that decrypts it", async () => {
    createDemoDatabase();
    const originalKey = fs.readFileSync(path.join(dataDir, "encryption.key"));

    const now = new Date(2030, 4, 6, 7, 8, 9);
    const backup = await backupEmbedded({ dataDir, backupDir, now });
    expect(backup.archivePath).toBe(path.join(backupDir, "quartermaster-20300506-070809.tar.gz"));
    expect(backup.keyPath).toBe(
      path.join(backupDir, "quartermaster-20300506-070809.encryption.key"),
    );
    expect(fs.statSync(backup.archivePath).size).toBe(backup.archiveBytes);
    expect(fs.readFileSync(backup.keyPath!)).toEqual(originalKey);
    // The backup did not leave the data directory locked.
    expect(fs.existsSync(path.join(dataDir, "quartermaster.lock"))).toBe(false);

    // Changes after the backup, including a key that no longer matches the data.
    const changed = await openEmbedded();
    await changed.db.insert(users).values({ username: "after-backup", role: "user" });
    await changed.db.delete(users).where(eq(users.username, "tom"));
    await changed.close();
    fs.writeFileSync(
      path.join(dataDir, "encryption.key"),
      `${randomBytes(32).toString("base64")}\n`,
    );

    const restored = await restoreEmbedded({
      dataDir,
      archivePath: backup.archivePath,
      now: new Date(2030, 4, 7, 0, 0, 0),
    });
    expect(restored.previousPgdata).toBe(
      path.join(dataDir, "pgdata.before-restore-20300507-000000"),
    );
    expect(fs.existsSync(restored.previousPgdata!)).toBe(true);
    expect(restored.key).toEqual({
      kind: "restored",
      from: backup.keyPath,
      previous: path.join(dataDir, "encryption.key.before-restore-20300507-000000"),
    });
    expect(fs.readFileSync(path.join(dataDir, "encryption.key"))).toEqual(originalKey);
    expect(fs.readdirSync(dataDir).some((name) => name.includes("restoring"))).toBe(false);

    const database = await openEmbedded();
    try {
      const names = (await database.db.select().from(users)).map((row) => row.username);
      expect(names).toContain("tom");
      expect(names).not.toContain("after-backup");
      const secrets = createSecrets(loadOrCreateKeyFile(dataDir));
      const [spider] = await database.db
        .select()
        .from(licenses)
        .where(eq(licenses.name, DEMO_LICENSES[0]!.name));
      expect(secrets.open(spider!.licenseKeyCiphertext)).toBe(DEMO_LICENSES[0]!.key);
    } finally {
      await database.close();
    }
  });

  it("refuses while a server holds the data directory", async () => {
    createDemoDatabase();
    // The test runner's parent process stands in for a running server.
    fs.writeFileSync(path.join(dataDir, "quartermaster.lock"), String(process.ppid));
    await expect(backupEmbedded({ dataDir, backupDir })).rejects.toThrow(
      /^Stop the Quartermaster server first: a backup needs the embedded database to itself\./,
    );
    await expect(
      restoreEmbedded({ dataDir, archivePath: path.join(root, "missing.tar.gz") }),
    ).rejects.toThrow("No backup file at");
    expect(fs.existsSync(backupDir)).toBe(false);
  });

  it("says so when there is no database to back up", async () => {
    await expect(backupEmbedded({ dataDir, backupDir })).rejects.toBeInstanceOf(CliError);
    await expect(backupEmbedded({ dataDir, backupDir })).rejects.toThrow("nothing to back up");
  });

  it("leaves the current database alone when the archive is not a backup", async () => {
    createDemoDatabase();
    const bogus = path.join(root, "bogus.tar.gz");
    fs.writeFileSync(bogus, "not an archive");
    await expect(restoreEmbedded({ dataDir, archivePath: bogus })).rejects.toThrow(
      "could not be restored",
    );
    expect(fs.readdirSync(dataDir).sort()).toEqual(["encryption.key", "pgdata"]);
    const database = await openEmbedded();
    try {
      expect((await database.db.select().from(users)).length).toBeGreaterThan(20);
    } finally {
      await database.close();
    }
  });

  it("copies no key when the server takes it from ENCRYPTION_KEY, and keeps the current one on restore", async () => {
    createDemoDatabase();
    const backup = await backupEmbedded({ dataDir, backupDir, copyKey: false });
    expect(backup.keyPath).toBeNull();
    expect(fs.existsSync(keyFileFor(backup.archivePath))).toBe(false);
    const currentKey = fs.readFileSync(path.join(dataDir, "encryption.key"));
    const restored = await restoreEmbedded({ dataDir, archivePath: backup.archivePath });
    expect(restored.key).toEqual({ kind: "missing", expected: keyFileFor(backup.archivePath) });
    expect(fs.readFileSync(path.join(dataDir, "encryption.key"))).toEqual(currentKey);
  });
});

/** Every file under dir with a hash of its content and its mode: what "nothing changed" means. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.statSync(file);
    files[path.relative(dir, file)] = entry.isFile()
      ? `${(stat.mode & 0o777).toString(8)} ${createHash("sha256").update(fs.readFileSync(file)).digest("hex")}`
      : `${(stat.mode & 0o777).toString(8)} dir`;
  }
  return files;
}

describe("npm run db:restore with a damaged archive", () => {
  it("ends with a clear message and exit code 1, no stack trace, and changes nothing", async () => {
    createDemoDatabase();
    const backup = await backupEmbedded({ dataDir, backupDir });
    const good = fs.readFileSync(backup.archivePath);
    const tar = zlib.gunzipSync(good);
    const damaged: Record<string, Buffer> = {
      "cut short": good.subarray(0, Math.floor(good.length / 2)),
      "bytes overwritten": Buffer.concat([
        good.subarray(0, 100_000),
        Buffer.alloc(64, 0x5a),
        good.subarray(100_064),
      ]),
      "not an archive": randomBytes(50_000),
      // Valid compression around a tar that stops half-way: only the database can tell.
      "tar cut short": zlib.gzipSync(tar.subarray(0, Math.floor(tar.length / 3))),
    };
    const { DATABASE_URL: _unused, ENCRYPTION_KEY: _unusedKey, ...embeddedEnv } = process.env;
    const before = snapshot(dataDir);
    for (const [name, bytes] of Object.entries(damaged)) {
      const file = path.join(root, `${name.replace(/ /g, "-")}.tar.gz`);
      fs.writeFileSync(file, bytes);
      const result = await run(
        path.resolve("node_modules/.bin/tsx"),
        ["src/server/cli/restore.ts", file],
        { env: { ...embeddedEnv, DATA_DIR: dataDir } },
      ).then(
        (output) => ({ code: 0, ...output }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(result.code, name).toBe(1);
      expect(result.stdout, name).toBe("");
      expect(result.stderr.trim(), name).toMatch(
        new RegExp(
          `^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} could not be restored: it is not a Quartermaster backup or it is damaged \\(.+\\)\\. Nothing was changed\\.$`,
        ),
      );
      expect(result.stderr, name).not.toMatch(/^\s+at /m);
      expect(snapshot(dataDir), name).toEqual(before);
    }
  }, 120_000);
});
