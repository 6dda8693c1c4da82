// The application on its own in-memory PGlite database with every log line kept, for the tests
// that read the log (no secret may be in it), often after closing the database midway so that
// every query fails and each error path logs.
import { randomBytes } from "node:crypto";
import { openDatabase } from "../../src/server/db/client";
import { createSecrets } from "../../src/server/lib/secrets";
import { testAppOn } from "./test-app";

export async function loggedPgliteApp(level: "debug" | "info") {
  const lines: string[] = [];
  // PGlite whatever the run's database: closing it is how these tests make every query fail.
  const database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  const t = await testAppOn(
    database,
    createSecrets(randomBytes(32)),
    { LOG_LEVEL: level },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  return {
    ...t,
    database,
    /** Everything logged so far. */
    log: () => lines.join(""),
    /** Closes the app; the database may have been closed by the test already. */
    close: () => t.app.close().catch(() => {}),
  };
}

export type LoggedApp = Awaited<ReturnType<typeof loggedPgliteApp>>;
