// npm run db:backup and db:restore with DATABASE_URL, against a real PostgreSQL: a restore either
// puts the whole backup in place or leaves the database exactly as it was.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cloneTemplateDatabase, usingPostgres } from "../../../tests/support/test-database";
import { openDatabase } from "../db/client";
import { createSecrets } from "../lib/secrets";
import { seedDemoDataIfEmpty } from "../seed/seed-demo";
import { restorePostgres } from "./postgres-backup";

const run = promisify(execFile);
type Clone = Awaited<ReturnType<typeof cloneTemplateDatabase>>;

async function sql<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** A migrated database with the demo organisation in it. */
async function seededDatabase(): Promise<Clone> {
  const clone = await cloneTemplateDatabase();
  const database = await openDatabase({ kind: "postgres", url: clone.url });
  try {
    await seedDemoDataIfEmpty(database.db, createSecrets(randomBytes(32)));
  } finally {
    await database.close();
  }
  return clone;
}

/** What "unchanged" means here: the rows people care about and every table still there. */
async function stateOf(url: string) {
  const [row] = await sql<{ users: string; licenses: string; tables: string; names: string }>(
    url,
    `select (select count(*) from users) as users,
            (select count(*) from licenses) as licenses,
            (select count(*) from pg_tables where schemaname in ('public', 'drizzle')) as tables,
            (select md5(string_agg(username, ',' order by username)) from users) as names`,
  );
  return row!;
}

/** Runs an npm run db:* command's script as npm would, with DATABASE_URL set. */
function cli(script: "backup" | "restore", args: string[], env: NodeJS.ProcessEnv) {
  const { DATA_DIR: _unused, ...rest } = process.env;
  return run(path.resolve("node_modules/.bin/tsx"), [`src/server/cli/${script}.ts`, ...args], {
    env: { ...rest, ENCRYPTION_KEY: randomBytes(32).toString("base64"), ...env },
  }).then(
    (output) => ({ code: 0, ...output }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** The one line a refused command prints: no stack trace, nothing on stdout, exit code 1. */
function expectOneLineRefusal(result: { code: number; stdout: string; stderr: string }) {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe("");
  expect(result.stderr.trim().split("\n")).toHaveLength(1);
  return result.stderr.trim();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe.skipIf(!usingPostgres())("db:backup and db:restore on PostgreSQL", () => {
  let dir: string;
  let source: Clone;
  let goodDump: string;
  let sourceState: Awaited<ReturnType<typeof stateOf>>;
  let target: Clone;
  let targetState: Awaited<ReturnType<typeof stateOf>>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-pg-backup-"));
    source = await seededDatabase();
    // Enough rows that the data, not the table of contents, is most of the dump: cut at half,
    // the dump still lists fine and breaks off in the middle of the data, as a copy cut short does.
    await sql(
      source.url,
      "insert into users (username, role) select 'bulk-' || md5(g::text), 'user' from generate_series(1, 20000) g",
    );
    sourceState = await stateOf(source.url);
    goodDump = path.join(dir, "good.dump");
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${goodDump}`, source.url]);
  }, 120_000);
  afterAll(async () => {
    await source?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    target = await seededDatabase();
    await sql(target.url, "insert into users (username, role) select 'only-in-target', 'user'");
    targetState = await stateOf(target.url);
    expect(Number(targetState.users)).toBeGreaterThan(20);
    expect(Number(targetState.licenses)).toBeGreaterThan(10);
  }, 60_000);
  afterEach(async () => {
    await target?.drop();
  });

  it("refuses a dump cut short, and the database keeps its data", async () => {
    const bytes = fs.readFileSync(goodDump);
    for (const fraction of [0.5, 0.9]) {
      const cut = path.join(dir, `cut-${fraction}.dump`);
      fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * fraction)));
      // The case a look at the table of contents alone does not catch.
      await expect(run("pg_restore", ["--list", cut])).resolves.toBeTruthy();

      const result = await cli("restore", [cut], { DATABASE_URL: target.url });
      expect(await stateOf(target.url), `cut at ${fraction}`).toEqual(targetState);
      expect(expectOneLineRefusal(result), `cut at ${fraction}`).toMatch(
        new RegExp(
          `^${escapeRegExp(cut)} could not be restored: it is not a pg_dump archive or it is damaged \\(could not read from input file: end of file\\)\\. Nothing was changed\\.$`,
        ),
      );
    }
  }, 120_000);

  it("rolls back a restore that fails half-way", async () => {
    // Something of the operator's that depends on a table: dropping users fails, after --clean has
    // already dropped other tables' constraints and indexes.
    await sql(target.url, "create view user_report as select id, username from users");
    await expect(
      restorePostgres({ databaseUrl: target.url, archivePath: goodDump }),
    ).rejects.toThrow(
      new RegExp(
        `^The restore of ${escapeRegExp(goodDump)} into ${escapeRegExp(target.url)} failed and was rolled back \\(.*cannot drop table public\\.users because other objects depend on it.*\\)\\. Nothing was changed\\.$`,
      ),
    );
    expect(await stateOf(target.url)).toEqual(targetState);
    const constraints = (url: string) =>
      sql(
        url,
        "select count(*) as n from pg_constraint where connamespace = 'public'::regnamespace",
      );
    expect(await constraints(target.url)).toEqual(await constraints(source.url));
  }, 60_000);

  it("refuses what is not a Quartermaster dump, in one line, and changes nothing", async () => {
    const notADump = path.join(dir, "random.dump");
    fs.writeFileSync(notADump, randomBytes(20_000));
    const embedded = path.join(dir, "quartermaster-20300101-000000.tar.gz");
    fs.writeFileSync(embedded, zlib.gzipSync(randomBytes(20_000)));
    const schemaOnly = path.join(dir, "schema-only.dump");
    await run("pg_dump", ["--format=custom", "--schema-only", `--file=${schemaOnly}`, source.url]);
    const missing = path.join(dir, "missing.dump");
    // The header of an archive format newer than this pg_restore's (1.14 is PostgreSQL 15's).
    const fromNewerPgDump = path.join(dir, "newer.dump");
    const newer = fs.readFileSync(goodDump);
    newer[6] = 99;
    fs.writeFileSync(fromNewerPgDump, newer);

    const cases: [string, string][] = [
      [
        notADump,
        `${notADump} could not be restored: it is not a pg_dump archive or it is damaged (input file does not appear to be a valid archive). Nothing was changed.`,
      ],
      [
        embedded,
        `${embedded} could not be restored: it looks like a backup of the embedded database (a .tar.gz), which restores without DATABASE_URL; it is not a pg_dump archive or it is damaged (input file does not appear to be a valid archive). Nothing was changed.`,
      ],
      // A schema-only dump would have replaced every table with an empty one.
      [
        schemaOnly,
        `${schemaOnly} could not be restored: it is not a backup of a Quartermaster database (no data for drizzle.__drizzle_migrations, public.users). Nothing was changed.`,
      ],
      [missing, `No backup file at ${missing}. Nothing was changed.`],
      [
        fromNewerPgDump,
        `${fromNewerPgDump} could not be restored: it is not a pg_dump archive or it is damaged (unsupported version (1.99) in file header); it was written by a newer pg_dump, so use a pg_restore at least as new. Nothing was changed.`,
      ],
    ];
    for (const [file, message] of cases) {
      const result = await cli("restore", [file], { DATABASE_URL: target.url });
      expect(expectOneLineRefusal(result), file).toBe(message);
    }
    expect(await stateOf(target.url)).toEqual(targetState);
  }, 120_000);

  it("says pg_restore is missing, and changes nothing", async () => {
    // A PATH with node and nothing else.
    const bin = path.join(dir, "bin");
    fs.mkdirSync(bin, { recursive: true });
    if (!fs.existsSync(path.join(bin, "node")))
      fs.symlinkSync(process.execPath, path.join(bin, "node"));
    const result = await cli("restore", [goodDump], { DATABASE_URL: target.url, PATH: bin });
    expect(expectOneLineRefusal(result)).toBe(
      "pg_restore was not found: install PostgreSQL's client tools (of the server's major version or newer) and put them on PATH. Nothing was changed.",
    );
    expect(await stateOf(target.url)).toEqual(targetState);
  }, 60_000);

  it("refuses a database with tables the backup does not have", async () => {
    // As after an upgrade past the backup: --clean would leave the newer table behind.
    await sql(target.url, "create table newer_feature (id int)");
    const withNewerTable = await stateOf(target.url);
    await expect(
      restorePostgres({ databaseUrl: target.url, archivePath: goodDump }),
    ).rejects.toThrow(
      `${goodDump} could not be restored: the database has tables the backup does not (public.newer_feature): ` +
        "the restore replaces only the backup's own tables and would leave these beside them (a newer " +
        "version's tables would stop the next upgrade). Restore into an empty database (createdb) and " +
        "point DATABASE_URL at it. Nothing was changed.",
    );
    expect(await stateOf(target.url)).toEqual(withNewerTable);
  }, 60_000);

  it("backs up with db:backup and restores that backup with db:restore", async () => {
    const backupDir = path.join(dir, `backups-${randomBytes(4).toString("hex")}`);
    const backup = await cli("backup", [], { DATABASE_URL: source.url, BACKUP_DIR: backupDir });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const [file] = fs.readdirSync(backupDir);
    expect(file).toMatch(/^quartermaster-\d{8}-\d{6}\.dump$/);
    const archive = path.join(backupDir, file!);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(backup.stdout).toContain(`Restore it with: npm run db:restore -- ${archive}`);

    const restore = await cli("restore", [archive], { DATABASE_URL: target.url });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${archive} into ${target.url} in one transaction`);
    expect(await stateOf(target.url)).toEqual(sourceState);
  }, 120_000);

  it("writes no file when the backup fails, and says why in one line", async () => {
    const backupDir = path.join(dir, `backups-${randomBytes(4).toString("hex")}`);
    const nowhere = `${source.url}_missing`;
    const result = await cli("backup", [], { DATABASE_URL: nowhere, BACKUP_DIR: backupDir });
    expect(expectOneLineRefusal(result)).toMatch(
      new RegExp(
        `^The backup of ${escapeRegExp(nowhere)} failed: .*database ".*_missing" does not exist.*\\. No file was written\\.$`,
      ),
    );
    expect(fs.readdirSync(backupDir)).toEqual([]);
  }, 60_000);
});
