// What `npm start` and the operator commands run: the build in dist/ (client and compiled server).
// A checkout builds it on first use, and again when its sources are newer (after a pull); an
// install that has only dist/ (the container image, `npm ci --omit=dev` after `npm run build`)
// runs what it has, since there are no sources to compare with and no build tools to use.
import fs from "node:fs";
import path from "node:path";
import { ROOT, runBin } from "./run-bin.mjs";

const CLIENT_INDEX = path.join(ROOT, "dist", "client", "index.html");
const SERVER_MAIN = path.join(ROOT, "dist", "server", "main.js");

// package-lock.json: a dependency upgrade changes the bundles too.
const CLIENT_SOURCES = [
  "src/client",
  "src/domain",
  "vite.config.ts",
  "index.html",
  "package-lock.json",
];
const SERVER_SOURCES = [
  "src/server",
  "src/domain",
  "scripts/build-server.mjs",
  "package-lock.json",
];

/** Newest modification time (ms) of a file or of any file below a directory; 0 if absent. */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function isStale(built, sources) {
  const builtAt = newestMtime(built);
  if (builtAt === 0) return true;
  return sources.some((source) => newestMtime(path.join(ROOT, source)) > builtAt);
}

const hasBuildTools = () => fs.existsSync(path.join(ROOT, "node_modules", ".bin", "vite"));

function refuse(message) {
  console.error(message);
  process.exit(1);
}

/** Builds the server (and the client with `client`) when missing or older than its sources. */
export async function ensureBuilt({ client }) {
  const clientStale = client && isStale(CLIENT_INDEX, CLIENT_SOURCES);
  const serverStale = isStale(SERVER_MAIN, SERVER_SOURCES);
  if (!clientStale && !serverStale) return;
  if (!hasBuildTools()) {
    refuse(
      "dist/ is missing or older than the sources, and the build tools are not installed (a production install): run `npm install && npm run build` first.",
    );
  }
  if (clientStale) {
    const started = Date.now();
    console.log("Building the client (dist/client), once per version: about a minute...");
    // Vite's own report lists every chunk (some 130 lines): only warnings and errors here.
    const code = await runBin("vite", ["build", "--logLevel", "warn"]);
    if (code !== 0) refuse("The client build failed; see the output above.");
    console.log(`Built the client in ${Math.round((Date.now() - started) / 1000)} s.`);
  }
  if (serverStale) {
    const { buildServer } = await import("./build-server.mjs");
    // esbuild has printed each error with its place; its stack would add nothing.
    await buildServer().catch(() => refuse("The server build failed; see the output above."));
  }
}

/** Runs dist/server/<name>.js in this process, so that signals reach the server itself. */
export async function runBuilt(name) {
  await import(path.join(ROOT, "dist", "server", `${name}.js`));
}
