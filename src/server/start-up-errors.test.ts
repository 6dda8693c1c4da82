// An operator's mistake in what the configuration points at (a database, a role, a host, a data
// directory) stops the server as started in production (src/server/main.ts in its own process):
// one line on stderr naming the variable and the cause, exit code 1, within seconds, before the
// application's modules load. The bound below is generous for a busy machine; the goal is 5 s.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { usingPostgres } from "../../tests/support/test-database";

const BOUND_MS = 20_000;
const KEY = Buffer.alloc(32, 7).toString("base64");

const dirs: string[] = [];
const servers: net.Server[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  for (const dir of dirs) {
    fs.chmodSync(dir, 0o700);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-start-"));
  dirs.push(dir);
  return dir;
}

interface Outcome {
  code: number | null;
  stderr: string;
  ms: number;
}

/** Starts the server as operators do and waits for it to stop (every case here must). */
function start(
  env: Record<string, string>,
  options: { asNobody?: boolean } = {},
): Promise<Outcome> {
  const { DATABASE_URL: _url, ENCRYPTION_KEY: _key, ...inherited } = process.env;
  const began = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...inherited, PORT: "0", CLIENT_DIR: "/nonexistent", LOG_REQUESTS: "false", ...env },
    stdio: ["ignore", "ignore", "pipe"],
    // Root writes through any permission bits: the unwritable directory is tried by another user.
    ...(options.asNobody ? { uid: 65534, gid: 65534 } : {}),
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const killer = setTimeout(() => child.kill("SIGKILL"), BOUND_MS * 2);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(killer);
      resolve({ code, stderr, ms: Date.now() - began });
    }),
  );
}

function expectOneLine(outcome: Outcome, line: string | RegExp) {
  const text = outcome.stderr.trimEnd();
  expect(text.split("\n"), text).toHaveLength(1);
  if (typeof line === "string") expect(text).toBe(line);
  else expect(text).toMatch(line);
  expect(outcome.code).toBe(1);
  expect(outcome.ms).toBeLessThan(BOUND_MS);
}

async function listening(onConnection: (socket: net.Socket) => void = () => {}) {
  const server = net.createServer(onConnection);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

// Run once, with the PGlite suite: no database server is involved.
describe.skipIf(usingPostgres())("a DATABASE_URL host that does not serve", () => {
  it("refused: nothing listens on the port", { timeout: BOUND_MS * 2 }, async () => {
    const port = await listening();
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const outcome = await start({
      DATABASE_URL: `postgres://qm@127.0.0.1:${port}/qm`,
      ENCRYPTION_KEY: KEY,
    });
    expectOneLine(outcome, `DATABASE_URL: connection refused at 127.0.0.1:${port}`);
  });

  it("black-holed: the connection is accepted and never answered", {
    timeout: BOUND_MS * 2,
  }, async () => {
    const held: net.Socket[] = [];
    const port = await listening((socket) => {
      held.push(socket);
      socket.on("error", () => {});
    });
    const outcome = await start({
      DATABASE_URL: `postgres://qm@127.0.0.1:${port}/qm`,
      ENCRYPTION_KEY: KEY,
    });
    for (const socket of held) socket.destroy();
    expectOneLine(outcome, `DATABASE_URL: no answer from 127.0.0.1:${port} within 4 s`);
  });
});

describe.skipIf(usingPostgres())("a DATA_DIR the server cannot write", () => {
  it("read-only: an existing directory without write permission", {
    timeout: BOUND_MS * 2,
  }, async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o555);
    const outcome = await start({ DATA_DIR: dataDir }, { asNobody: process.getuid?.() === 0 });
    expectOneLine(outcome, `DATA_DIR: ${dataDir} is not writable (permission denied)`);
  });

  it("a path through a file", { timeout: BOUND_MS * 2 }, async () => {
    const file = path.join(tempDir(), "not-a-directory");
    fs.writeFileSync(file, "");
    const dataDir = path.join(file, "data");
    const outcome = await start({ DATA_DIR: dataDir });
    expectOneLine(
      outcome,
      `DATA_DIR: ${dataDir} cannot be created (a part of the path is a file, not a directory)`,
    );
  });
});

// The PostgreSQL the suite runs on (TEST_DATABASE_URL), asked for what it does not have.
describe.runIf(usingPostgres())("a DATABASE_URL the PostgreSQL server refuses", () => {
  const base = () => new URL(process.env.TEST_DATABASE_URL!);

  it("a database that does not exist", { timeout: BOUND_MS * 2 }, async () => {
    const url = base();
    url.pathname = `/qm_missing_${process.pid}`;
    const outcome = await start({ DATABASE_URL: url.href, ENCRYPTION_KEY: KEY });
    expectOneLine(outcome, `DATABASE_URL: database "qm_missing_${process.pid}" does not exist`);
  });

  it("a role that does not exist", { timeout: BOUND_MS * 2 }, async () => {
    const url = base();
    url.username = `qm_no_role_${process.pid}`;
    url.password = "";
    const outcome = await start({ DATABASE_URL: url.href, ENCRYPTION_KEY: KEY });
    expectOneLine(outcome, `DATABASE_URL: role "qm_no_role_${process.pid}" does not exist`);
  });
});
