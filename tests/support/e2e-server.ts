// The real server for browser tests: `src/server/main.ts` in a child process on a free port, with
// a fresh data directory (so a new embedded database, migrated and seeded with the demo data).
// The run's first server makes that directory once (e2e-global-setup.ts); every spec's server
// starts on a copy of it, which halves its start (initdb, migrations and the demo seed, some
// 7 s on this machine, against 0.3 s to copy 43 MB).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { todayIso } from "../../src/domain/dates";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// QM_E2E_CLIENT_DIR: a client built elsewhere (`vite build --outDir`), so one person's build does
// not replace the one another's specs are running against in a shared working tree.
const CLIENT_DIR = process.env.QM_E2E_CLIENT_DIR ?? path.join(ROOT, "dist", "client");
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

export interface E2eServer {
  baseUrl: string;
  dataDir: string;
  /** Everything the server printed so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function serverEnv(port: number, dataDir: string, extra: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The browser tests always use a fresh embedded database with demo data, whatever the shell has.
  for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "ENCRYPTION_KEY", "SEED_DEMO"]) {
    delete env[name];
  }
  return {
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    CLIENT_DIR,
    LOG_LEVEL: "warn",
    ...extra,
  };
}

function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null;
}

export async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child)) {
      throw new Error(`The server exited during start (code ${child.exitCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `The server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output()}`,
  );
}

function stopChild(child: ChildProcess): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Where e2e-global-setup.ts left the seeded data directory (unset: each server seeds its own). */
export const TEMPLATE_DATA_DIR_ENV = "QM_E2E_TEMPLATE_DATA_DIR";
/** The day (server-local) the template's demo data was seeded relative to. */
export const TEMPLATE_DAY_ENV = "QM_E2E_TEMPLATE_DAY";

/**
 * A data directory with the demo database migrated and seeded, made by starting the server on it
 * and stopping it cleanly (its lock released), and the day its seed counted from; the caller
 * removes it.
 */
export async function makeTemplateDataDir(): Promise<{ dir: string; seededOn: string }> {
  // Read before the seed: a seed that runs past midnight counts from this day or the next, and
  // the next day's servers then seed their own.
  const seededOn = todayIso();
  const server = await launch({}, fs.mkdtempSync(path.join(os.tmpdir(), "qm-e2e-template-")));
  await server.stopServer();
  return { dir: server.dataDir, seededOn };
}

/**
 * The template, while its demo data still counts from today: the specs expect dates relative to
 * the day they run, so a run that goes past midnight seeds a new database per server after it.
 */
function currentTemplate() {
  const template = process.env[TEMPLATE_DATA_DIR_ENV];
  return template && process.env[TEMPLATE_DAY_ENV] === todayIso() ? template : undefined;
}

export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-e2e-"));
  const template = currentTemplate();
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const server = await launch(env, dataDir);
  return {
    baseUrl: server.baseUrl,
    dataDir,
    output: server.output,
    async stop() {
      await server.stopServer();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server on this data directory, answering /api/health; on failure the directory is gone. */
async function launch(env: Record<string, string>, dataDir: string) {
  if (!fs.existsSync(path.join(env.CLIENT_DIR ?? CLIENT_DIR, "index.html"))) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error("The client is not built: run `npx vite build` (npm run test:e2e does).");
  }
  // Spec files run side by side: another one's server may take the free port found here before
  // this server listens on it. Then a new port, a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchOnFreePort(env, dataDir);
    } catch (error) {
      const portTaken = /Port \d+ on [\d.]+ is in use by another program/.test(String(error));
      if (attempt === 3 || !portTaken) {
        fs.rmSync(dataDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

async function launchOnFreePort(env: Record<string, string>, dataDir: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  // One process (node with tsx's loader) rather than the tsx wrapper, so stopping it stops the server.
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env: serverEnv(port, dataDir, env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const append = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const output = () => log;
  const stopServer = () => stopChild(child);

  try {
    await waitForHealth(baseUrl, child, output);
  } catch (error) {
    await stopServer();
    throw error;
  }
  return { baseUrl, dataDir, output, stopServer };
}
