// `npm run build` (second half): the server compiled to plain JavaScript in dist/server, so that a
// production install runs it with Node alone (no tsx, no Vite) and with production dependencies
// only. One bundle of our own code per entry point; every package stays an import of
// node_modules (packages: "external"), so what runs is exactly what `npm ci --omit=dev` installs.
// The migrations are copied beside the entries and chunks: db/client.ts finds them next to its own
// file, whichever of them holds it.
import fs from "node:fs";
import path from "node:path";
import { build, stop } from "esbuild";
import { ROOT } from "./run-bin.mjs";

export const SERVER_OUT_DIR = path.join(ROOT, "dist", "server");

/** The server and the operator's commands (package.json's scripts run these files). */
export const SERVER_ENTRY_POINTS = {
  main: "src/server/main.ts",
  "create-admin": "src/server/cli/create-admin.ts",
  backup: "src/server/cli/backup.ts",
  restore: "src/server/cli/restore.ts",
  reminders: "src/server/cli/reminders.ts",
};

export async function buildServer() {
  fs.rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRY_POINTS,
    outdir: SERVER_OUT_DIR,
    bundle: true,
    // main.ts checks the configuration and the database before it imports the rest (one line
    // within a second for a mistake): split, the rest is a chunk loaded only then. Chunks sit
    // beside the entries, so the code that finds the migrations next to its file finds them.
    splitting: true,
    chunkNames: "chunk-[hash]",
    platform: "node",
    format: "esm",
    target: "node20.19",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
  });
  // esbuild keeps a helper process for further builds; npm start goes on to run the server.
  await stop();
  fs.cpSync(
    path.join(ROOT, "src", "server", "db", "migrations"),
    path.join(SERVER_OUT_DIR, "migrations"),
    { recursive: true },
  );
  // dist/server holds ES modules whatever the package says (it says "module" today).
  fs.writeFileSync(path.join(SERVER_OUT_DIR, "package.json"), '{ "type": "module" }\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildServer();
  console.log(`Built the server (dist/server) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
