// The server as operators start it (src/server/main.ts in its own process): what it prints on a
// fresh embedded database, and the data-directory lock between two real servers.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { usingPostgres } from "../../tests/support/test-database";
import { demoSignInNotice, isLoopbackHost } from "./demo-sign-ins";

describe("isLoopbackHost", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["localhost", true],
    ["::1", true],
    ["[::1]", true],
    ["::ffff:127.0.0.1", true],
    ["0.0.0.0", false],
    ["::", false],
    ["192.168.1.10", false],
    ["10.0.0.5", false],
    ["fe80::1", false],
    ["quartermaster.internal", false],
  ])("%s → %s", (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});

describe("demoSignInNotice", () => {
  it("gives the sign-ins alone on loopback", () => {
    expect(demoSignInNotice("127.0.0.1", 5000)).toEqual({
      info: "Loaded demo data. Sign in as admin / demo1234 or jane / demo1234.",
    });
  });

  it("warns beside them when other machines can reach the server", () => {
    const notice = demoSignInNotice("0.0.0.0", 5000);
    expect(notice.info).toContain("admin / demo1234");
    expect(notice.warning).toBe(
      "The demo sign-ins are open to anyone who can reach this server: it listens on 0.0.0.0 port 5000, " +
        "beyond this machine, and every demo person's password is demo1234. " +
        "Change the passwords (or delete the demo people), or set HOST=127.0.0.1 to listen on this machine only.",
    );
  });
});

interface Started {
  child: ChildProcess;
  lines: { level: number; msg: string }[];
  stderr: () => string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await new Promise((resolve) => child.on("exit", resolve));
    }
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function startServer(env: Record<string, string>): Started {
  const { DATABASE_URL: _url, ENCRYPTION_KEY: _key, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...inherited, PORT: "0", CLIENT_DIR: "/nonexistent", LOG_REQUESTS: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const lines: Started["lines"] = [];
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk) => {
    out += chunk;
    const complete = out.split("\n");
    out = complete.pop()!;
    for (const line of complete) {
      try {
        lines.push(JSON.parse(line));
      } catch {
        lines.push({ level: 0, msg: line });
      }
    }
  });
  child.stderr!.on("data", (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, lines, stderr: () => err, exited };
}

/** Waits for a log line starting with text (the server logs asynchronously). */
async function logged(server: Started, text: string) {
  await expect
    .poll(() => server.lines.some((line) => line.msg?.startsWith(text)), {
      timeout: 90_000,
      interval: 200,
    })
    .toBe(true);
}

// The embedded database only: the run on PostgreSQL would repeat it unchanged.
describe.skipIf(usingPostgres())("starting the server on a fresh embedded database", () => {
  it("warns beside the demo sign-ins when listening beyond loopback, and keeps a second server off its data", {
    timeout: 150_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-main-"));
    dirs.push(dataDir);
    const first = startServer({ HOST: "0.0.0.0", DATA_DIR: dataDir });
    // Printed once it listens; the warning comes last.
    await logged(first, "The demo sign-ins are open to anyone");
    const info = first.lines.find((line) => line.msg?.startsWith("Loaded demo data."));
    expect(info?.level).toBe(30);
    const warning = first.lines.find((line) =>
      line.msg?.startsWith("The demo sign-ins are open to anyone"),
    );
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toMatch(/listens on 0\.0\.0\.0 port [1-9]\d*,/);

    // A second server on the same DATA_DIR stops with the lock's message, not a stack trace.
    const second = startServer({ HOST: "127.0.0.1", DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.stderr().trim()).toBe(
      `The data directory ${dataDir} is in use by another Quartermaster server (process ${first.child.pid}). ` +
        "Stop that server first, or start this one with a different DATA_DIR.",
    );

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "quartermaster.lock"))).toBe(false);
  });

  it("says which port is taken, and closes its data cleanly, when another program listens on it", {
    timeout: 150_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-main-"));
    dirs.push(dataDir);
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = taken.address() as net.AddressInfo;
      const server = startServer({ HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir });
      expect(await server.exited).toBe(1);
      expect(server.stderr().trim()).toBe(
        `Port ${port} on 127.0.0.1 is in use by another program. ` +
          "Stop that program first, or start Quartermaster with a different PORT.",
      );
      // The embedded database was closed: no lock is left for the next start.
      expect(fs.existsSync(path.join(dataDir, "quartermaster.lock"))).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
