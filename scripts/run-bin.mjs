// Runs a tool from node_modules/.bin as a child, relaying SIGINT/SIGTERM, and resolves with the
// exit code it should end with (128 + signal number when the child was killed by a signal).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function binPath(name) {
  const file = path.join(
    ROOT,
    "node_modules",
    ".bin",
    process.platform === "win32" ? `${name}.cmd` : name,
  );
  if (!fs.existsSync(file)) {
    console.error(`${name} is not installed. Run \`npm install\` first.`);
    process.exit(1);
  }
  return file;
}

export function exitCodeOf(code, signal) {
  if (code !== null) return code;
  return 128 + (os.constants.signals[signal] ?? 1);
}

/** Starts node_modules/.bin/<name> with inherited stdio; returns the child. */
export function startBin(name, args, options = {}) {
  return spawn(binPath(name), args, {
    cwd: ROOT,
    stdio: "inherit",
    shell: process.platform === "win32",
    ...options,
  });
}

/** Runs node_modules/.bin/<name> to completion, relaying SIGINT/SIGTERM; resolves with its exit code. */
export function runBin(name, args, options = {}) {
  return new Promise((resolve) => {
    const child = startBin(name, args, options);
    const relay = (signal) => child.kill(signal);
    process.on("SIGINT", relay);
    process.on("SIGTERM", relay);
    child.on("error", (error) => {
      console.error(`Could not run ${name}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      process.off("SIGINT", relay);
      process.off("SIGTERM", relay);
      resolve(exitCodeOf(code, signal));
    });
  });
}
