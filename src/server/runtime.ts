// Opens what the server needs from its configuration: the data-directory lock (embedded database
// only), the database with migrations applied, and the key for secrets at rest.
import path from "node:path";
import type { AppConfig } from "./config";
import { type Database, openDatabase } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { createSecretBox, loadOrCreateKeyFile, parseKey, type SecretBox } from "./lib/secret-box";

export interface Runtime {
  database: Database;
  secrets: SecretBox;
  close(): Promise<void>;
}

export async function openRuntime(config: AppConfig): Promise<Runtime> {
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dataDir: path.join(config.dataDir, "pgdata") },
    );
    await database.migrate();
    const key = config.encryptionKey
      ? parseKey(config.encryptionKey)
      : loadOrCreateKeyFile(config.dataDir);
    return {
      database,
      secrets: createSecretBox(key),
      async close() {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
