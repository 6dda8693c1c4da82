// `npm start`: builds the client when the build is missing or older than its sources, then runs
// the server, relaying SIGINT/SIGTERM and ending with the server's exit code.
import fs from "node:fs";
import path from "node:path";
import { ROOT, runBin } from "./run-bin.mjs";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Quartermaster needs Node.js 20.19 or newer; this is ${process.version}.`);
  process.exit(1);
}

const BUILT_INDEX = path.join(ROOT, "dist", "client", "index.html");
// package-lock.json: a dependency upgrade changes the bundle too.
const SOURCES = ["src/client", "src/domain", "vite.config.ts", "index.html", "package-lock.json"];

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

function clientBuildIsStale() {
  const built = newestMtime(BUILT_INDEX);
  if (built === 0) return true;
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

if (clientBuildIsStale()) {
  console.log("Building the client (dist/client)...");
  const code = await runBin("vite", ["build"]);
  if (code !== 0) {
    console.error("The client build failed; see the output above.");
    process.exit(code);
  }
}

process.exit(await runBin("tsx", ["src/server/main.ts"]));
