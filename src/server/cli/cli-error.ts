// Command-line tools: an error whose message is the whole story for the operator, and the wrapper
// that prints such messages plainly (no stack trace) and sets a non-zero exit code.
import { ConfigError } from "../config";
import { DataDirLockedError } from "../db/data-dir-lock";

export class CliError extends Error {}

export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (
      error instanceof CliError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError
    ) {
      console.error(error.message);
    } else {
      console.error("Unexpected error:", error);
    }
    process.exitCode = 1;
  }
}
