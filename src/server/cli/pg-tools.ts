// Running PostgreSQL's client tools (pg_dump, pg_restore) against DATABASE_URL: the password goes
// in the environment, not on the command line where `ps` shows it to every user of the machine,
// and a failure becomes the tool's own error in one line.
import { execFile } from "node:child_process";
import path from "node:path";
import { CliError } from "./cli-error";

/** The tools' connection: the URL without its password (--dbname), the password as PGPASSWORD. */
export function connectionFor(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return {
    dbname: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

export class PgToolError extends Error {
  constructor(
    /** The tool's own words, one line: its "error:" and "detail:" lines joined. */
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * Runs a tool to the end. A tool that is not installed is a CliError that says what to install;
 * a tool that fails is a PgToolError for the caller to put in context.
 */
export function runPgTool(
  tool: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { env, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        return reject(
          new CliError(
            `${tool} was not found: install PostgreSQL's client tools (of the server's major version ` +
              "or newer) and put them on PATH. Nothing was changed.",
          ),
        );
      }
      reject(
        new PgToolError(errorLineOf(path.basename(tool), stderr) || error.message.split("\n")[0]!),
      );
    });
  });
}

/** "pg_restore: error: X" and "pg_restore: detail: Y" lines → "X (Y)", each message once. */
export function errorLineOf(tool: string, stderr: string): string {
  const messages = (kind: string) => [
    ...new Set(
      stderr
        .split("\n")
        .filter((line) => line.startsWith(`${tool}: ${kind}: `))
        .map((line) => line.slice(`${tool}: ${kind}: `.length).trim()),
    ),
  ];
  const errors = messages("error");
  const details = messages("detail");
  const line = errors.join("; ") || stderr.trim().split("\n")[0] || "";
  // The server's own message comes with two spaces after "ERROR:".
  return (details.length > 0 ? `${line} (${details.join("; ")})` : line).replace(/\s+/g, " ");
}
