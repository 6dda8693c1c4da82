import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

describe("lockDataDir", () => {
  it("refuses a second holder while a live process holds the lock", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-lock-"));
    // Another live process owns the lock.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
    fs.writeFileSync(path.join(dir, "quartermaster.lock"), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Quartermaster server/);
    other.kill();
    await new Promise((resolve) => other.on("exit", resolve));
    // Its lock is now stale and is taken over.
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "quartermaster.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "quartermaster.lock"))).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });
});
