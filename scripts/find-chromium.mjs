// Locates the Chromium the browser tests drive. Playwright's own browser download cannot work
// here, so the tests use the distribution's package (Debian: `chromium`).
import fs from "node:fs";
import path from "node:path";

const KNOWN_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
const NAMES_ON_PATH = ["chromium", "chromium-browser"];

export const INSTALL_HINT =
  "Chromium is needed for the browser tests. Install it with: sudo apt-get install -y chromium";

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The Chromium executable to use, or null when none is installed.
 * CHROMIUM_PATH, when set, is the only candidate: a wrong value should fail, not be bypassed.
 */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return isExecutable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  for (const candidate of KNOWN_PATHS) {
    if (isExecutable(candidate)) return candidate;
  }
  const dirs = (env.PATH ?? "").split(path.delimiter).filter(Boolean);
  for (const name of NAMES_ON_PATH) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}
