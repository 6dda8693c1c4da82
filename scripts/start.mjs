// `npm start`: builds what is missing or stale (scripts/production-build.mjs), then runs the
// compiled server in this very process. No child: a SIGTERM or SIGINT sent to this process (by a
// service manager, a container runtime, npm, or Ctrl-C) is the server's own, and it closes
// gracefully (in-flight requests answered, the embedded database closed, its lock released).
import { ensureBuilt, runBuilt } from "./production-build.mjs";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Quartermaster needs Node.js 20.19 or newer; this is ${process.version}.`);
  process.exit(1);
}

/**
 * `npm start` runs this through a shell (`sh -c`) under npm. package.json's `exec` makes this
 * process the shell's replacement, so the SIGTERM or SIGINT that npm passes on arrives here; a
 * shell left in between ended on SIGTERM, or swallowed SIGINT, without passing it on, and the
 * server went on alone, holding the port and the embedded database. Should npm still go away
 * first (killed outright, say), a launcher that goes away counts as the signal. A service manager
 * or a container that starts this with node directly is its parent for good.
 */
function stopWhenTheLauncherEnds() {
  const launcher = process.ppid;
  setInterval(() => {
    if (process.ppid !== launcher) process.kill(process.pid, "SIGTERM");
  }, 500).unref();
}

await ensureBuilt({ client: true });
stopWhenTheLauncherEnds();
await runBuilt("main");
