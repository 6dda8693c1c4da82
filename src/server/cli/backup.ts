// `npm run db:backup`: a restorable copy of the embedded database and its encryption key in
// ./backups (BACKUP_DIR overrides); with DATABASE_URL, a pg_dump archive of that database there.
import path from "node:path";
import { loadConfig } from "../config";
import { backupEmbedded, redactDatabaseUrl } from "./backup-core";
import { runCli } from "./cli-error";
import { backupPostgres } from "./postgres-backup";

await runCli(async () => {
  const config = loadConfig();
  const backupDir = path.resolve(process.env.BACKUP_DIR || "backups");
  // Short paths when the backups are under the current directory (the default), else absolute.
  const relative = (file: string) => {
    const short = path.relative(process.cwd(), file);
    return short && !short.startsWith("..") && !path.isAbsolute(short) ? short : file;
  };
  if (config.databaseUrl) {
    const result = await backupPostgres({ databaseUrl: config.databaseUrl, backupDir });
    const megabytes = (result.archiveBytes / 1_048_576).toFixed(1);
    console.log(`Backed up ${redactDatabaseUrl(config.databaseUrl)}:`);
    console.log(
      `  database        ${relative(result.archivePath)} (${megabytes} MB, pg_dump custom format)`,
    );
    console.log(
      "Keep ENCRYPTION_KEY with the backup, and private: the dump does not contain it, and without " +
        "it the stored license keys and passwords cannot be read.",
    );
    console.log(`Restore it with: npm run db:restore -- ${relative(result.archivePath)}`);
    return;
  }
  const usesKeyFile = !config.encryptionKey;
  const result = await backupEmbedded({ dataDir: config.dataDir, backupDir, copyKey: usesKeyFile });
  const megabytes = (result.archiveBytes / 1_048_576).toFixed(1);
  console.log(`Backed up the embedded database in ${config.dataDir}:`);
  console.log(`  database        ${relative(result.archivePath)} (${megabytes} MB)`);
  if (result.keyPath) {
    console.log(`  encryption key  ${relative(result.keyPath)}`);
    console.log(
      "Keep the two files together and private. Without the key the stored license keys and " +
        "passwords cannot be read; with it, anyone holding the archive can read them.",
    );
  } else {
    console.log(
      usesKeyFile
        ? `  encryption key  none found in ${config.dataDir}: stored secrets in this backup cannot be read.`
        : "  encryption key  not copied: this server takes it from ENCRYPTION_KEY.",
    );
    console.log(
      "Keep the encryption key with the backup: without it the stored license keys and passwords cannot be read.",
    );
  }
  console.log(`Restore it with: npm run db:restore -- ${relative(result.archivePath)}`);
});
