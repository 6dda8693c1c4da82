// Backups of a PostgreSQL database (DATABASE_URL): pg_dump's custom format, and a restore that
// cannot leave the database half-replaced. `pg_restore --clean` drops each table before it creates
// it again, so a dump that breaks off half-way (a copy cut short, a full disk) used to leave the
// database empty. Now the archive is read through before the database is touched, and the restore
// runs in one transaction that stops at the first error: a failure rolls back to what was there.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { redactDatabaseUrl, stampOf } from "./backup-core";
import { CliError } from "./cli-error";
import { connectionFor, PgToolError, runPgTool } from "./pg-tools";

/** Tables whose data a Quartermaster dump holds: its migration record and its people. */
const REQUIRED_DATA = ["drizzle __drizzle_migrations", "public users"];
/** The schemas Quartermaster's migrations create objects in. */
const OWN_SCHEMAS = ["public", "drizzle"];

export interface PgToolNames {
  /** The programs to run; PATH finds them unless a path is given. */
  pgDump?: string;
  pgRestore?: string;
}

export async function backupPostgres(
  options: { databaseUrl: string; backupDir: string; now?: Date } & PgToolNames,
): Promise<{ archivePath: string; archiveBytes: number }> {
  const pgDump = options.pgDump ?? "pg_dump";
  fs.mkdirSync(options.backupDir, { recursive: true, mode: 0o700 });
  const archivePath = path.join(
    options.backupDir,
    `quartermaster-${stampOf(options.now ?? new Date())}.dump`,
  );
  const partial = `${archivePath}.partial`;
  if (fs.existsSync(archivePath)) {
    throw new CliError(`${archivePath} already exists; a backup is never overwritten.`);
  }
  // Made private before pg_dump writes to it (pg_dump keeps the mode of a file it truncates).
  fs.writeFileSync(partial, "", { mode: 0o600 });
  const { dbname, env } = connectionFor(options.databaseUrl);
  try {
    await runPgTool(
      pgDump,
      ["--format=custom", "--no-owner", `--file=${partial}`, `--dbname=${dbname}`],
      env,
    );
  } catch (error) {
    fs.rmSync(partial, { force: true });
    if (error instanceof PgToolError) {
      throw new CliError(
        `The backup of ${redactDatabaseUrl(options.databaseUrl)} failed: ${error.reason}. No file was written.`,
      );
    }
    throw error;
  }
  // Only a finished dump gets the name a restore looks for.
  fs.renameSync(partial, archivePath);
  return { archivePath, archiveBytes: fs.statSync(archivePath).size };
}

export interface PostgresRestoreResult {
  archivePath: string;
  /** The PostgreSQL version the dump was taken from, as pg_restore reports it. */
  dumpedFrom: string | null;
}

export async function restorePostgres(
  options: { databaseUrl: string; archivePath: string } & PgToolNames,
): Promise<PostgresRestoreResult> {
  const pgRestore = options.pgRestore ?? "pg_restore";
  const archivePath = path.resolve(options.archivePath);
  if (!fs.existsSync(archivePath) || !fs.statSync(archivePath).isFile()) {
    throw new CliError(`No backup file at ${archivePath}. Nothing was changed.`);
  }
  const refuse = (why: string) =>
    new CliError(`${archivePath} could not be restored: ${why}. Nothing was changed.`);
  const damaged = (error: unknown) => {
    if (!(error instanceof PgToolError)) return error;
    // A custom-format archive from a newer pg_dump: the installed pg_restore cannot read it.
    const newer = /unsupported version/.test(error.reason)
      ? `; it was written by a newer pg_dump, so use a pg_restore at least as new`
      : "";
    return refuse(
      `${notADumpHint(archivePath)}it is not a pg_dump archive or it is damaged (${error.reason})${newer}`,
    );
  };

  // 1. The table of contents: readable by this pg_restore, and a Quartermaster database's.
  const contents = await runPgTool(pgRestore, ["--list", archivePath]).catch((error) => {
    throw damaged(error);
  });
  const dataOf = tableDataIn(contents);
  const missing = REQUIRED_DATA.filter((table) => !dataOf.has(table));
  if (missing.length > 0) {
    throw refuse(
      `it is not a backup of a Quartermaster database (no data for ${missing.map((table) => table.replace(" ", ".")).join(", ")})`,
    );
  }
  // 2. Every block read through, without the database: a dump cut short after its table of
  //    contents lists fine, and fails only here.
  await runPgTool(pgRestore, [`--file=${os.devNull}`, archivePath]).catch((error) => {
    throw damaged(error);
  });
  // 3. Nothing the restore would leave behind: --clean drops only what the dump holds.
  const extra = await tablesNotIn(options.databaseUrl, tablesIn(contents));
  if (extra.length > 0) {
    throw refuse(
      `the database has tables the backup does not (${extra.join(", ")}): the restore replaces ` +
        "only the backup's own tables and would leave these beside them (a newer version's tables " +
        "would stop the next upgrade). Restore into an empty database (createdb) and point " +
        "DATABASE_URL at it",
    );
  }
  // 4. One transaction, stopped at the first error: all of the backup, or the database as it was.
  const { dbname, env } = connectionFor(options.databaseUrl);
  await runPgTool(pgRestore, [...RESTORE_OPTIONS, `--dbname=${dbname}`, archivePath], env).catch(
    (error) => {
      if (!(error instanceof PgToolError)) throw error;
      throw new CliError(
        `The restore of ${archivePath} into ${redactDatabaseUrl(options.databaseUrl)} failed and was ` +
          `rolled back (${error.reason}). Nothing was changed.`,
      );
    },
  );
  return {
    archivePath,
    dumpedFrom: /Dumped from database version: (.+)/.exec(contents)?.[1] ?? null,
  };
}

/** The documented manual restore uses the same options (docs/backup-and-restore.md). */
export const RESTORE_OPTIONS = [
  "--clean",
  "--if-exists",
  "--no-owner",
  "--single-transaction",
  "--exit-on-error",
];

/** An embedded-database backup given with DATABASE_URL set: say so rather than "damaged". */
function notADumpHint(archivePath: string): string {
  const head = Buffer.alloc(2);
  const fd = fs.openSync(archivePath, "r");
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  return head[0] === 0x1f && head[1] === 0x8b
    ? "it looks like a backup of the embedded database (a .tar.gz), which restores without DATABASE_URL; "
    : "";
}

// A --list line: "3954; 0 41673 TABLE DATA public users postgres" (id; catalog oid kind schema name owner).
const tocEntry = (kind: string) => new RegExp(`^\\d+; \\d+ \\d+ ${kind} (\\S+) (\\S+)`, "gm");

function tableDataIn(contents: string): Set<string> {
  return new Set([...contents.matchAll(tocEntry("TABLE DATA"))].map((m) => `${m[1]} ${m[2]}`));
}

function tablesIn(contents: string): Set<string> {
  return new Set([...contents.matchAll(tocEntry("TABLE(?! DATA)"))].map((m) => `${m[1]}.${m[2]}`));
}

/** The target's tables in Quartermaster's schemas that the archive does not have. */
async function tablesNotIn(databaseUrl: string, archived: Set<string>): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>(
      `select schemaname || '.' || tablename as name from pg_tables
        where schemaname = any($1) order by 1`,
      [OWN_SCHEMAS],
    );
    return rows.map((row) => row.name).filter((name) => !archived.has(name));
  } catch (error) {
    throw new CliError(
      `Could not reach the database at ${redactDatabaseUrl(databaseUrl)} (${error instanceof Error ? error.message : String(error)}). Nothing was changed.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}
