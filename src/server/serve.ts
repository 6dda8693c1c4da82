// The server proper, loaded by main.ts once the configuration and what it points at were checked:
// open and migrate the database, seed demo data on a new embedded database, listen, and close
// cleanly on SIGINT/SIGTERM.
import { buildApp } from "./app";
import { scheduleAuthHousekeeping } from "./auth/housekeeping";
import type { AppConfig } from "./config";
import { scheduleEmbeddedMaintenance } from "./db/maintenance";
import { demoSignInNotice } from "./demo-sign-ins";
import { indexUnindexedLicenseKeys } from "./licenses/license-key";
import { listeningText } from "./listen-text";
import { openRuntime } from "./runtime";
import { seedDemoDataIfEmpty } from "./seed/seed-demo";

/** Opens the database, builds the application and listens; closes it all on SIGINT/SIGTERM. */
export async function serve(config: AppConfig) {
  const runtime = await openRuntime(config);
  const app = await buildApp({ config, ...runtime });

  const closeAll = async () => {
    await app.close().catch((error) => app.log.error(error));
    await runtime.close().catch((error) => app.log.error(error));
  };
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    await closeAll();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  let seeded = false;
  if (config.seedDemo) {
    seeded = await seedDemoDataIfEmpty(runtime.database.db, runtime.secrets);
  }
  // Keys stored before the blind index existed become searchable (a no-op once all are).
  const keys = await indexUnindexedLicenseKeys(runtime.database.db, runtime.secrets);
  if (keys.indexed > 0) app.log.info(`Indexed ${keys.indexed} license keys for search.`);
  if (keys.unreadable > 0) {
    app.log.warn(
      `${keys.unreadable} license keys cannot be opened with this ENCRYPTION_KEY and are not searchable.`,
    );
  }
  const stopHousekeeping = scheduleAuthHousekeeping(
    runtime.database.db,
    config.session,
    config.loginThrottle.lockMs,
    (error) => app.log.warn({ err: error }, "auth housekeeping failed"),
  );
  app.addHook("onClose", async () => stopHousekeeping());
  // After the migrations, the demo seed and the keys above; queued on the embedded database before
  // the server listens, so the first requests are planned with statistics.
  const stopMaintenance = scheduleEmbeddedMaintenance(
    runtime.database,
    config.embeddedMaintenanceMs,
    (error) => app.log.warn({ err: error }, "embedded database maintenance failed"),
  );
  app.addHook("onClose", stopMaintenance);
  try {
    await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: listeningText,
    });
  } catch (error) {
    // A port already taken, say: the embedded database is closed cleanly before the exit.
    await closeAll();
    throw error;
  }
  if (seeded) {
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const notice = demoSignInNotice(config.host, port);
    app.log.info(notice.info);
    if (notice.warning) app.log.warn(notice.warning);
  }
}
