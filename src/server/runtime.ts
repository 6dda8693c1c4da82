// Opens what the server needs from its configuration: the data-directory lock (embedded database
// only), the key for secrets at rest, and the database with migrations applied, once the key is
// known to be the one its secrets were sealed with (lib/secrets/key-check.ts).
import path from "node:path";
import type { AppConfig } from "./config";
import { type Database, openDatabase } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { makePrivate, restrictNewFiles } from "./lib/private-files";
import { createSecrets, type Secrets } from "./lib/secrets";
import { configuredKey } from "./lib/secrets/key";
import { ensureKeyCheck, verifyStoredKeyCheck } from "./lib/secrets/key-check";

export interface Runtime {
  database: Database;
  secrets: Secrets;
  close(): Promise<void>;
}

export async function openRuntime(config: AppConfig): Promise<Runtime> {
  restrictNewFiles();
  if (!config.databaseUrl) makePrivate(config.dataDir);
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Database | undefined;
  try {
    const key = configuredKey({
      encryptionKey: config.encryptionKey,
      dataDir: config.dataDir,
      embedded: !config.databaseUrl,
    });
    const secrets = createSecrets(key.key);
    database = await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dataDir: path.join(config.dataDir, "pgdata") },
    );
    // A wrong key is refused before the migrations change anything, where a check is stored.
    await verifyStoredKeyCheck(database.db, secrets, key);
    await database.migrate();
    // PGlite leaves the files of a new database 0666 whatever the umask: made private at once
    // rather than at the next stop (the directory is 0700 meanwhile, so nobody else could reach
    // them, but a file's mode should say so too).
    if (!config.databaseUrl) makePrivate(config.dataDir);
    await ensureKeyCheck(database.db, secrets, key);
    const opened = database;
    return {
      database: opened,
      secrets,
      async close() {
        await opened.close();
        // PGlite sets 0666 on the files it writes (inside a 0700 directory, so unreachable by
        // others); they are brought back to 0600 here and at the next start.
        if (!config.databaseUrl) makePrivate(config.dataDir);
        release();
      },
    };
  } catch (error) {
    // A refused key or a failed migration: the database is closed (the embedded one's files
    // released) before the lock.
    await database?.close().catch(() => {});
    release();
    throw error;
  }
}
