// Opens what the server needs from its configuration: the data-directory lock (embedded database
// only), the database with migrations applied, and the key for secrets at rest.
import path from "node:path";
import type { AppConfig } from "./config";
import { type Database, openDatabase } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { makePrivate, restrictNewFiles } from "./lib/private-files";
import { createSecrets, loadOrCreateKeyFile, parseKey, type Secrets } from "./lib/secrets";

export interface Runtime {
  database: Database;
  secrets: Secrets;
  close(): Promise<void>;
}

export async function openRuntime(config: AppConfig): Promise<Runtime> {
  restrictNewFiles();
  if (!config.databaseUrl) makePrivate(config.dataDir);
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dataDir: path.join(config.dataDir, "pgdata") },
    );
    await database.migrate();
    // PGlite leaves the files of a new database 0666 whatever the umask: made private at once
    // rather than at the next stop (the directory is 0700 meanwhile, so nobody else could reach
    // them, but a file's mode should say so too).
    if (!config.databaseUrl) makePrivate(config.dataDir);
    const key = config.encryptionKey
      ? parseKey(config.encryptionKey)
      : loadOrCreateKeyFile(config.dataDir);
    return {
      database,
      secrets: createSecrets(key),
      async close() {
        await database.close();
        // PGlite sets 0666 on the files it writes (inside a 0700 directory, so unreachable by
        // others); they are brought back to 0600 here and at the next start.
        if (!config.databaseUrl) makePrivate(config.dataDir);
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
