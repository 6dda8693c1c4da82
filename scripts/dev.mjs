// `npm run dev`: the API server under `tsx watch` on API_PORT (default 5001) and the Vite dev
// server with hot reload on PORT (default 5000), which proxies /api to the API server.
// Both run until either stops or the terminal interrupts; then both are stopped.
import { exitCodeOf, startBin } from "./run-bin.mjs";

const port = process.env.PORT ?? "5000";
const apiPort = process.env.API_PORT ?? "5001";
if (port === apiPort) {
  console.error(`PORT and API_PORT must differ (both are ${port}).`);
  process.exit(1);
}

const children = [
  startBin("tsx", ["watch", "--clear-screen=false", "src/server/main.ts"], {
    env: { ...process.env, PORT: apiPort },
  }),
  startBin("vite", [], { env: { ...process.env, PORT: port, API_PORT: apiPort } }),
];

let exitCode;
let interrupted = false;
const signalled = new Set();
const running = (child) => child.exitCode === null && child.signalCode === null;

// One signal per child: a second one makes `tsx watch` kill the server without a clean close.
function stopAll(code) {
  exitCode ??= code;
  for (const child of children) {
    if (running(child) && !signalled.has(child)) {
      signalled.add(child);
      child.kill("SIGTERM");
    }
  }
}

for (const child of children) {
  child.on("error", (error) => {
    console.error(`Could not start ${child.spawnfile}: ${error.message}`);
    stopAll(1);
  });
  child.on("exit", (code, signal) => {
    if (!interrupted) stopAll(exitCodeOf(code, signal));
    if (!children.some(running)) process.exit(exitCode ?? 0);
  });
}

// Ctrl+C in a terminal reaches the children as well (same process group), so give them time to
// stop on their own and only then send SIGTERM to any still running.
process.on("SIGINT", () => {
  interrupted = true;
  exitCode ??= 0;
  setTimeout(() => stopAll(0), 5_000).unref();
});
process.on("SIGTERM", () => stopAll(0));
