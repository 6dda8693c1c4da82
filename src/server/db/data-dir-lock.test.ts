import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir, processStartTime } from "./data-dir-lock";

const onLinux = fs.existsSync("/proc/self/stat");
const lockModule = fileURLToPath(new URL("./data-dir-lock.ts", import.meta.url));

let dir: string;
let children: ChildProcess[] = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-lock-"));
});
afterEach(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await new Promise((resolve) => child.on("exit", resolve));
    }
  }
  children = [];
  fs.rmSync(dir, { recursive: true, force: true });
});

const lockPath = () => path.join(dir, "quartermaster.lock");
const readLock = () => JSON.parse(fs.readFileSync(lockPath(), "utf8"));

/** A program that is not a Quartermaster server, running until the test ends. */
async function otherProgram() {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
  children.push(child);
  await new Promise((resolve) => child.on("spawn", resolve));
  return child;
}

/** A separate process that takes the lock with the real code and holds it. */
async function lockHolder() {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
       lockDataDir(${JSON.stringify(dir)}); console.log("locked"); setTimeout(() => {}, 60000);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => String(chunk).includes("locked") && resolve());
    child.on("exit", (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return child;
}

describe("lockDataDir", () => {
  it("records the pid, the process's start time and a random instance id", () => {
    const release = lockDataDir(dir);
    const lock = readLock();
    expect(lock.pid).toBe(process.pid);
    expect(lock.instance).toMatch(/^[0-9a-f]{24}$/);
    if (onLinux) expect(lock.startTime).toBe(processStartTime(process.pid));
    expect(fs.statSync(lockPath()).mode & 0o777).toBe(0o600);
    // Only the lock remains: the private file it was written under is gone.
    expect(fs.readdirSync(dir)).toEqual(["quartermaster.lock"]);
    release();
    expect(fs.existsSync(lockPath())).toBe(false);
  });

  it("keeps a second server out while the first runs, and takes over once it is killed", async () => {
    const server = await lockHolder();
    expect(readLock().pid).toBe(server.pid);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Quartermaster server/);

    // kill -9: the holder cannot remove its lock.
    server.kill("SIGKILL");
    await new Promise((resolve) => server.on("exit", resolve));
    expect(fs.existsSync(lockPath())).toBe(true);
    const release = lockDataDir(dir);
    expect(readLock().pid).toBe(process.pid);
    release();
  });

  it("does not remove a lock that another server took meanwhile", () => {
    const release = lockDataDir(dir);
    const theirs = JSON.stringify({ pid: process.ppid, startTime: null, instance: "theirs" });
    fs.writeFileSync(lockPath(), theirs);
    release();
    expect(fs.readFileSync(lockPath(), "utf8")).toBe(theirs);
  });

  // Reading a process's start time needs /proc.
  describe.skipIf(!onLinux)("a stale lock whose pid now belongs to another program", () => {
    it("does not block start-up when the recorded start time is not that program's", async () => {
      const other = await otherProgram();
      const startTime = processStartTime(other.pid!);
      expect(startTime).toMatch(/^\d+$/);
      // Written by a server that had this pid before: same pid, earlier start.
      fs.writeFileSync(
        lockPath(),
        JSON.stringify({
          pid: other.pid,
          startTime: String(Number(startTime) - 500),
          instance: "x",
        }),
      );
      const release = lockDataDir(dir);
      expect(readLock().pid).toBe(process.pid);
      release();

      // The same pid with its own start time is a live holder.
      fs.writeFileSync(lockPath(), JSON.stringify({ pid: other.pid, startTime, instance: "y" }));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    });

    it("does not block start-up with an old pid-only lock written before that program started", async () => {
      const other = await otherProgram();
      fs.writeFileSync(lockPath(), String(other.pid));
      // Left by a server that crashed an hour ago.
      const anHourAgo = new Date(Date.now() - 3_600_000);
      fs.utimesSync(lockPath(), anHourAgo, anHourAgo);
      const release = lockDataDir(dir);
      expect(readLock().pid).toBe(process.pid);
      release();

      // Written after it started: it may be the holder, so it still blocks.
      fs.writeFileSync(lockPath(), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    });
  });
});
