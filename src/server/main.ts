// Server entry point. The configuration and what it points at (the database, or the data
// directory) are checked first, each mistake reported in one line within seconds; only then are
// the application's modules loaded (serve.ts and everything it imports take seconds to load, a
// minute on a busy machine), so no mistake waits for them.
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { EncryptionKeyMismatchError } from "./lib/secrets/key";
import { preflight, StartupError } from "./preflight";

async function main() {
  const config = loadConfig();
  await preflight(config);
  const { serve } = await import("./serve");
  await serve(config);
}

/** Mistakes an operator can fix, told in their own words; anything else is a bug, with its stack. */
const operatorMistakes = [
  ConfigError,
  StartupError,
  DataDirLockedError,
  EncryptionKeyMismatchError,
];

main().catch((error) => {
  if (operatorMistakes.some((kind) => error instanceof kind)) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    const { address, port } = error as { address?: string; port?: number };
    console.error(
      `Port ${port} on ${address} is in use by another program. ` +
        "Stop that program first, or start Quartermaster with a different PORT.",
    );
  } else {
    console.error("Quartermaster could not start:", error);
  }
  process.exit(1);
});
