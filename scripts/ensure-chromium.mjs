// Makes sure a Chromium for the browser tests is installed: finds one, or installs Debian's
// `chromium` when running as root with apt (as `playwright install --with-deps` would), or stops
// with the command to run.
import { spawnSync } from "node:child_process";
import { findChromium, INSTALL_HINT } from "./find-chromium.mjs";

function fail(extra) {
  console.error(INSTALL_HINT);
  console.error(extra ?? "Or point CHROMIUM_PATH at an installed Chromium or Chrome executable.");
  process.exit(1);
}

function hasAptGet() {
  return spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
}

function aptInstallChromium() {
  console.log("Chromium not found: installing Debian's chromium package with apt-get...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "chromium"]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) return false;
  }
  return true;
}

const found = findChromium();
if (found) {
  console.log(`Chromium for the browser tests: ${found}`);
  process.exit(0);
}

if (process.env.CHROMIUM_PATH) {
  fail(
    `CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but no executable is there. Fix or unset it.`,
  );
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot || process.platform !== "linux" || !hasAptGet()) fail();

if (!aptInstallChromium()) fail("apt-get could not install chromium (see the output above).");
const installed = findChromium();
if (!installed) fail("apt-get finished, but no chromium executable was found afterwards.");
console.log(`Installed Chromium for the browser tests: ${installed}`);
