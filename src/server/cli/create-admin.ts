// `npm run create-admin`: adds an active administrator to the configured database.
import { loadConfig } from "../config";
import { openRuntime } from "../runtime";
import { runCli } from "./cli-error";
import { createAdmin, resolveAdminCredentials } from "./create-admin-core";
import { createPrompter } from "./prompt";

await runCli(async () => {
  const config = loadConfig();
  // Opening first: a locked data directory (server running) is reported before any questions.
  const runtime = await openRuntime(config);
  try {
    const where = config.databaseUrl
      ? "the PostgreSQL database"
      : `the database in ${config.dataDir}`;
    console.log(`Creating an administrator in ${where}.`);
    const credentials = await resolveAdminCredentials(process.env, () => createPrompter());
    const admin = await createAdmin(runtime.database.db, credentials);
    console.log(`Created administrator "${admin.username}" (user id ${admin.id}).`);
    console.log("Sign in with this username and password once the server is running (npm start).");
  } finally {
    await runtime.close();
  }
});
