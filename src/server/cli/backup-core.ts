// Backups of the embedded database: PGlite's own archive of its data directory (a tar.gz), kept
// next to a copy of the key that decrypts the stored secrets. Restoring loads an archive into a
// fresh directory first and swaps it in only once it opens, so a bad file changes nothing.
// With DATABASE_URL the database is PostgreSQL's: postgres-backup.ts runs pg_dump and pg_restore.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { format } from "date-fns";
import { DataDirLockedError, lockDataDir } from "../db/data-dir-lock";
import { makePrivate, restrictNewFiles } from "../lib/private-files";
import { CliError } from "./cli-error";

const KEY_FILE = "encryption.key";
const ARCHIVE_SUFFIX = ".tar.gz";

export const stampOf = (now: Date) => format(now, "yyyyMMdd-HHmmss");

/** The key copy that belongs to an archive: same name, '.encryption.key' instead of '.tar.gz'. */
export const keyFileFor = (archivePath: string) =>
  `${archivePath.endsWith(ARCHIVE_SUFFIX) ? archivePath.slice(0, -ARCHIVE_SUFFIX.length) : archivePath}.${KEY_FILE}`;

const gunzip = promisify(zlib.gunzip);

const pgdataOf = (dataDir: string) => path.join(dataDir, "pgdata");

/** PGlite is one process per data directory: the server must be stopped first. */
function lockForMaintenance(dataDir: string, what: string) {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new CliError(
      `Stop the Quartermaster server first: ${what} needs the embedded database to itself.\n${error.message}`,
    );
  }
}

export interface BackupResult {
  archivePath: string;
  archiveBytes: number;
  /** Null when DATA_DIR has no key file (the key then comes from ENCRYPTION_KEY). */
  keyPath: string | null;
}

export async function backupEmbedded(options: {
  dataDir: string;
  backupDir: string;
  /** False when the server takes its key from ENCRYPTION_KEY: a key file in DATA_DIR is unused. */
  copyKey?: boolean;
  now?: Date;
}): Promise<BackupResult> {
  const { dataDir, backupDir } = options;
  if (!fs.existsSync(path.join(pgdataOf(dataDir), "PG_VERSION"))) {
    throw new CliError(
      `There is no embedded database in ${pgdataOf(dataDir)}, so there is nothing to back up. ` +
        "Check DATA_DIR (it must be the same as the server's).",
    );
  }
  const release = lockForMaintenance(dataDir, "a backup");
  try {
    const client = new PGlite(pgdataOf(dataDir));
    let archive: Blob;
    try {
      await client.waitReady;
      // Write everything to the data files so the archive needs no recovery when loaded.
      await client.exec("checkpoint");
      archive = await client.dumpDataDir("gzip");
    } finally {
      await client.close();
    }

    fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 });
    const base = path.join(backupDir, `quartermaster-${stampOf(options.now ?? new Date())}`);
    const archivePath = `${base}${ARCHIVE_SUFFIX}`;
    const bytes = Buffer.from(await archive.arrayBuffer());
    // 'wx': never overwrite an earlier backup.
    fs.writeFileSync(archivePath, bytes, { flag: "wx", mode: 0o600 });

    const sourceKey = path.join(dataDir, KEY_FILE);
    let keyPath: string | null = null;
    if (options.copyKey !== false && fs.existsSync(sourceKey)) {
      keyPath = keyFileFor(archivePath);
      fs.copyFileSync(sourceKey, keyPath, fs.constants.COPYFILE_EXCL);
      fs.chmodSync(keyPath, 0o600);
    }
    return { archivePath, archiveBytes: bytes.length, keyPath };
  } finally {
    release();
  }
}

export interface RestoreResult {
  /** Where the database that was replaced now lives; null if there was none. */
  previousPgdata: string | null;
  /** What happened to the key file. */
  key:
    | { kind: "restored"; from: string; previous: string | null }
    | { kind: "unchanged"; reason: "same-key" }
    | { kind: "missing"; expected: string };
}

export async function restoreEmbedded(options: {
  dataDir: string;
  archivePath: string;
  now?: Date;
}): Promise<RestoreResult> {
  const { dataDir } = options;
  const archivePath = path.resolve(options.archivePath);
  if (!fs.existsSync(archivePath) || !fs.statSync(archivePath).isFile()) {
    throw new CliError(`No backup file at ${archivePath}.`);
  }
  // The restored database and key are as private as the ones the server writes.
  restrictNewFiles();
  const release = lockForMaintenance(dataDir, "a restore");
  try {
    const stamp = stampOf(options.now ?? new Date());
    const pgdata = pgdataOf(dataDir);
    const staging = `${pgdata}.restoring-${stamp}`;
    fs.rmSync(staging, { recursive: true, force: true });
    try {
      await loadArchive(archivePath, staging);
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw new CliError(
        `${archivePath} could not be restored: it is not a Quartermaster backup or it is damaged ` +
          `(${error instanceof Error ? error.message : String(error)}). Nothing was changed.`,
      );
    }

    let previousPgdata: string | null = null;
    if (fs.existsSync(pgdata)) {
      previousPgdata = `${pgdata}.before-restore-${stamp}`;
      fs.renameSync(pgdata, previousPgdata);
    }
    fs.renameSync(staging, pgdata);
    makePrivate(dataDir);
    return { previousPgdata, key: restoreKey(dataDir, archivePath, stamp) };
  } finally {
    release();
  }
}

/**
 * The archive as a plain tar. PGlite can unpack gzip itself, but a damaged gzip stream then fails
 * twice, once as the error it returns and once as an unhandled rejection that ends the process
 * with a stack trace; unpacked here, a damaged file is one ordinary error.
 */
async function tarOf(archivePath: string): Promise<Buffer> {
  let tar = await fs.promises.readFile(archivePath);
  const isGzip = tar.length >= 2 && tar[0] === 0x1f && tar[1] === 0x8b;
  if (isGzip) {
    try {
      tar = await gunzip(tar);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(
        code === "Z_BUF_ERROR" ? "the file is cut short" : "the compressed data is corrupt",
      );
    }
  }
  // PGlite takes anything it cannot untar for gzip, with the same unhandled failure.
  if (!startsWithTarHeader(tar)) throw new Error("it holds no tar archive");
  return tar;
}

/** A ustar header block: the magic at 257 and a checksum that matches the block. */
function startsWithTarHeader(bytes: Buffer): boolean {
  if (bytes.length < 512 || bytes.toString("latin1", 257, 262) !== "ustar") return false;
  const recorded = Number.parseInt(bytes.toString("latin1", 148, 156).replace(/\0.*$/s, ""), 8);
  let sum = 0;
  // The checksum field itself counts as eight spaces.
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : bytes[i]!;
  return sum === recorded;
}

async function loadArchive(archivePath: string, target: string) {
  const tar = await tarOf(archivePath);
  const client = new PGlite(target, {
    loadDataDir: new Blob([new Uint8Array(tar)], { type: "application/x-tar" }),
  });
  try {
    await client.waitReady;
    // Quartermaster's migrations table: proves this is one of our databases, not just any Postgres.
    await client.query("select count(*) from drizzle.__drizzle_migrations");
    await client.query("select count(*) from users");
    // Read every table through once: a damaged page fails here rather than in the server later.
    const tables = await client.query<{ name: string }>(
      "select quote_ident(tablename) as name from pg_tables where schemaname = 'public'",
    );
    for (const { name } of tables.rows) await client.query(`select count(*) from ${name}`);
  } finally {
    await client.close().catch(() => {});
  }
}

function restoreKey(dataDir: string, archivePath: string, stamp: string): RestoreResult["key"] {
  const backupKey = keyFileFor(archivePath);
  if (!fs.existsSync(backupKey)) return { kind: "missing", expected: backupKey };
  const currentKey = path.join(dataDir, KEY_FILE);
  const incoming = fs.readFileSync(backupKey);
  let previous: string | null = null;
  if (fs.existsSync(currentKey)) {
    if (fs.readFileSync(currentKey).equals(incoming)) {
      return { kind: "unchanged", reason: "same-key" };
    }
    previous = `${currentKey}.before-restore-${stamp}`;
    fs.renameSync(currentKey, previous);
  }
  fs.writeFileSync(currentKey, incoming, { mode: 0o600 });
  return { kind: "restored", from: backupKey, previous };
}

/** A URL safe to print: the password, if any, replaced by '****'. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "****";
    return parsed.toString();
  } catch {
    return "<DATABASE_URL>";
  }
}
