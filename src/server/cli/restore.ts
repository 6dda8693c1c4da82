// `npm run db:restore -- <backup.tar.gz>`: puts a db:backup archive back as the embedded
// database (and its key, if the copy sits next to it). The replaced data is moved aside, not deleted.
// With DATABASE_URL, `npm run db:restore -- <backup.dump>` restores a pg_dump archive over the
// database in one transaction, after checking the archive (postgres-backup.ts).
import path from "node:path";
import { loadConfig } from "../config";
import { redactDatabaseUrl, restoreEmbedded } from "./backup-core";
import { CliError, runCli } from "./cli-error";
import { restorePostgres } from "./postgres-backup";

await runCli(async () => {
  const config = loadConfig();
  const file = process.argv[2];
  if (!file) {
    const example = config.databaseUrl ? "dump" : "tar.gz";
    throw new CliError(
      `Which backup? Usage: npm run db:restore -- backups/quartermaster-YYYYMMDD-HHMMSS.${example}`,
    );
  }
  if (config.databaseUrl) {
    const result = await restorePostgres({ databaseUrl: config.databaseUrl, archivePath: file });
    console.log(
      `Restored ${result.archivePath} into ${redactDatabaseUrl(config.databaseUrl)} in one transaction` +
        `${result.dumpedFrom ? ` (dumped from PostgreSQL ${result.dumpedFrom})` : ""}.`,
    );
    console.log("Use the ENCRYPTION_KEY that was in use when the backup was taken.");
    console.log("Start the server (npm start); it applies any newer migrations.");
    return;
  }
  const result = await restoreEmbedded({ dataDir: config.dataDir, archivePath: file });
  console.log(`Restored ${path.resolve(file)} into ${path.join(config.dataDir, "pgdata")}.`);
  if (result.previousPgdata) {
    console.log(
      `The database it replaced was moved to ${result.previousPgdata}; delete it once the restore looks right.`,
    );
  }
  switch (result.key.kind) {
    case "restored":
      console.log(`Encryption key restored from ${result.key.from}.`);
      if (result.key.previous)
        console.log(`The key it replaced was moved to ${result.key.previous}.`);
      break;
    case "unchanged":
      console.log("Encryption key: the backup's key is the one already in use.");
      break;
    case "missing":
      console.log(
        `No key file next to the backup (${result.key.expected}): the current key stays. ` +
          "Stored license keys and passwords can only be read with the key in use when the backup was taken.",
      );
      break;
  }
  if (config.encryptionKey) {
    console.log("Note: this server takes its key from ENCRYPTION_KEY, not from the key file.");
  }
  console.log("Start the server (npm start); it applies any newer migrations.");
});
