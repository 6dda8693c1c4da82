// The production runtime (issue 28), after `npm run build` (npm run test:e2e builds first):
// - the container image's runtime stage, its commands run for real in an empty folder: a
//   production install (no tsx, no Vite) that serves the app from dist/ and stops on SIGTERM;
// - `npm start`, the README's command, stopped by a signal sent to npm: nothing stays behind.
import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readDockerfile } from "../support/dockerfile";
import { freePort, ROOT, serverEnv, waitForHealth } from "../support/e2e-server";

const STOP_LIMIT_MS = 10_000;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function tempFolder(prefix: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

function capture(child: ChildProcess) {
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  return () => log;
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
    } else child.once("exit", (code, signal) => resolve({ code, signal }));
  });

async function refusesConnections(url: string) {
  try {
    await fetch(url);
    return false;
  } catch {
    return true;
  }
}

/** Waits until the condition holds, up to the limit; returns how long it took, or throws. */
async function within(limitMs: number, what: string, condition: () => boolean | Promise<boolean>) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

/** The image's settings, with a free port on this machine and a folder for its volume; the
 * client it serves is its own (CLIENT_DIR's default, under its dist/). */
function imageEnv(image: Record<string, string>, port: number, dataDir: string) {
  const { CLIENT_DIR: _checkoutsClient, ...env } = serverEnv(port, dataDir, {});
  return { ...env, ...image, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
}

describe("the container image's runtime stage, run here", () => {
  it("installs production dependencies only, serves from dist/ and stops on SIGTERM", async () => {
    const [runtime] = readDockerfile(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8")).slice(
      -1,
    );
    if (!runtime) throw new Error("The Dockerfile has no stage");
    const app = tempFolder("qm-image-");
    const dataDir = tempFolder("qm-image-data-");
    const env: Record<string, string> = {};
    let command: string[] | undefined;
    const notRunHere: string[] = [];

    for (const { keyword, args } of runtime.instructions) {
      if (keyword === "COPY") {
        const parts = args.split(" ");
        const from = parts.find((part) => part.startsWith("--from="));
        const [target = "", ...reversed] = parts.filter((p) => !p.startsWith("--")).reverse();
        const sources = reversed.reverse();
        for (const source of sources) {
          // The build stage's /app is this checkout, built by npm run test:e2e.
          const origin = from
            ? path.join(ROOT, source.replace(/^\/app\//, ""))
            : path.join(ROOT, source);
          const destination = target.endsWith("/")
            ? path.join(app, target, path.basename(source))
            : path.join(app, target);
          fs.cpSync(origin, destination, { recursive: true });
        }
      } else if (keyword === "RUN") {
        // A build cache mount is Docker's option, not part of the command.
        const line = args.replace(/^--mount=\S+ /, "");
        if (line.startsWith("npm ") || line.startsWith("node ")) {
          execSync(line, { cwd: app, stdio: "pipe", timeout: 300_000 });
        } else {
          notRunHere.push(line);
        }
      } else if (keyword === "ENV") {
        for (const [, name, value] of args.matchAll(/([A-Z_]+)=(\S+)/g)) {
          env[name as string] = value as string;
        }
      } else if (keyword === "CMD") {
        command = JSON.parse(args) as string[];
      }
    }
    // Only the data volume's owner is set up by the image alone (root, the image's user 'node').
    expect(notRunHere).toEqual(["mkdir -p /data && chown node:node /data"]);
    expect(command).toEqual(["node", "dist/server/main.js"]);

    // Production dependencies only: nothing to build or transpile with.
    for (const devOnly of ["tsx", "vite", "esbuild", "typescript", "vitest", "react"]) {
      expect(fs.existsSync(path.join(app, "node_modules", devOnly)), devOnly).toBe(false);
    }
    const size = execSync("du -sm node_modules", { cwd: app, encoding: "utf8" }).split("\t")[0];
    console.log(`Production install (npm ci --omit=dev, pruned): ${size} MB in node_modules.`);

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const [program = "", ...programArgs] = command ?? [];
    const started = Date.now();
    const server = spawn(program, programArgs, {
      cwd: app,
      // The image's settings, with this machine's port and a folder for its volume.
      env: imageEnv(env, port, dataDir),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = capture(server);
    await waitForHealth(baseUrl, server, output);
    console.log(
      `First answer from the production install ${Date.now() - started} ms after its start (a new database: migrations and demo data).`,
    );

    const page = await fetch(`${baseUrl}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(fs.existsSync(path.join(dataDir, "quartermaster.lock"))).toBe(true);

    server.kill("SIGTERM");
    const { code } = await exitOf(server);
    expect(code, output()).toBe(0);
    expect(await refusesConnections(`${baseUrl}/api/health`)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "quartermaster.lock"))).toBe(false);
  }, 600_000);
});

describe("npm start", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`stops the server, its port and its database free, when npm gets ${signal}`, async () => {
      const dataDir = tempFolder("qm-npm-start-");
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const npm = spawn("npm", ["start"], {
        cwd: ROOT,
        // At level info: the server's closing line is what shows it closed rather than died.
        env: serverEnv(port, dataDir, {
          SEED_DEMO: "false",
          LOG_LEVEL: "info",
          LOG_REQUESTS: "false",
        }),
        stdio: ["ignore", "pipe", "pipe"],
        // Its own process group, as a terminal or a service manager would start it.
        detached: true,
      });
      const output = capture(npm);
      try {
        await waitForHealth(baseUrl, npm, output);
        expect(fs.existsSync(path.join(dataDir, "quartermaster.lock"))).toBe(true);

        // To npm alone, as `kill <pid>` or a process manager sends it: not to its group.
        npm.kill(signal);
        const tookMs = await within(
          STOP_LIMIT_MS,
          "the port closed and the lock released",
          async () =>
            (await refusesConnections(`${baseUrl}/api/health`)) &&
            !fs.existsSync(path.join(dataDir, "quartermaster.lock")),
        );
        console.log(`npm start, ${signal}: port and lock free after ${tookMs} ms.`);
        // The server said it closed, rather than being cut off.
        await within(STOP_LIMIT_MS, "the server's closing line", () =>
          /SIG(TERM|INT) received, closing/.test(output()),
        );
      } finally {
        // Whatever happened, nothing of this test stays running.
        try {
          if (npm.pid) process.kill(-npm.pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      }
    }, 300_000);
  }
});
