// What the configuration points at, checked before the application's modules load (they take
// seconds, a minute on a busy machine): the database answers to DATABASE_URL, or DATA_DIR can be
// written. Each mistake is one line naming the variable and the cause, instead of a stack trace
// printed after every module loaded. This file stays light (node built-ins and pg) for that reason.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { AppConfig } from "./config";

/** A mistake in what the configuration points at: main.ts prints the message alone. */
export class StartupError extends Error {}

/**
 * How long the database may take to accept a connection at start. Under 5 s, so that even a
 * database that never answers is reported within 5 s of the start.
 */
export const PREFLIGHT_CONNECT_TIMEOUT_MS = 4_000;

export async function preflight(
  config: Pick<AppConfig, "databaseUrl" | "dataDir">,
  connectTimeoutMs = PREFLIGHT_CONNECT_TIMEOUT_MS,
) {
  if (config.databaseUrl) await checkDatabase(config.databaseUrl, connectTimeoutMs);
  else checkDataDir(config.dataDir);
}

/** Opens one connection and closes it: the server is there, answers, and takes the role and database. */
async function checkDatabase(url: string, timeoutMs: number) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // A connection that fails later (it will not: it is closed at once) must not end the process.
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new StartupError(`DATABASE_URL: ${connectFailure(error, client, timeoutMs)}`);
  }
  await client.end().catch(() => {});
}

function connectFailure(error: unknown, client: pg.Client, timeoutMs: number): string {
  const where = client.host.startsWith("/") ? client.host : `${client.host}:${client.port}`;
  const { code, message } = error as { code?: string; message?: string };
  switch (code) {
    case "ECONNREFUSED":
      return `connection refused at ${where}`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `host ${client.host} not found`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `${where} cannot be reached from this machine`;
    case "ECONNRESET":
      return `connection reset by ${where}`;
    case "ENOENT":
      return `no PostgreSQL socket at ${where}`;
  }
  // pg ends the attempt itself when the time-out passes ("Connection terminated due to connection
  // timeout"), whether the TCP connection or the server's first answer never came.
  if (message && /timeout/i.test(message)) {
    return `no answer from ${where} within ${timeoutMs / 1000} s`;
  }
  // The server's own refusal says it all: 'database "x" does not exist', 'role "y" does not
  // exist', 'password authentication failed for user "y"', 'no pg_hba.conf entry for ...'.
  return message || String(error);
}

/** The embedded database, its key and the lock live in DATA_DIR: it must exist and take a file. */
function checkDataDir(dataDir: string) {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new StartupError(`DATA_DIR: ${dataDir} cannot be created (${reason(error)})`);
  }
  const probe = path.join(dataDir, `.write-check-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    fs.writeFileSync(probe, "", { flag: "wx", mode: 0o600 });
    fs.rmSync(probe);
  } catch (error) {
    throw new StartupError(`DATA_DIR: ${dataDir} is not writable (${reason(error)})`);
  }
}

/** An fs error's cause in words: 'permission denied', 'read-only file system'. */
function reason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  const described: Record<string, string> = {
    EACCES: "permission denied",
    EPERM: "operation not permitted",
    EROFS: "read-only file system",
    ENOTDIR: "a part of the path is a file, not a directory",
    EEXIST: "it is a file, not a directory",
    ENOSPC: "no space left on the device",
    EDQUOT: "disk quota exceeded",
  };
  return (code && described[code]) || message || String(error);
}
