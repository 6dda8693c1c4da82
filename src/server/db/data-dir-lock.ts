// PGlite allows one process per data directory: a lock file keeps a second server out.
// A process id alone is a weak claim: after a crash or a reboot the id is soon used by another
// program (in a container the server is often the same small pid every time), and a lock naming
// it would block start-up for good. So the file also records the holder's start time (from
// /proc, where there is one) and a random instance id, and a lock counts only while its process
// is still the one that wrote it.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

const LOCK_FILE = "quartermaster.lock";

/** What the lock file holds. Older servers wrote the bare pid; such files still count. */
interface LockRecord {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux /proc); null where unknown. */
  startTime: string | null;
  instance: string | null;
}

/** Linux: field 22 of /proc/<pid>/stat, the start time in ticks after boot; null elsewhere. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may contain spaces: count after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** When the process started, in ms since the epoch (Linux only: boot time + ticks / USER_HZ). */
function processStartedAtMs(pid: number): number | null {
  const ticks = processStartTime(pid);
  if (ticks === null) return null;
  try {
    const btime = /^btime (\d+)$/m.exec(fs.readFileSync("/proc/stat", "utf8"))?.[1];
    // /proc reports clock ticks in USER_HZ, which Linux fixes at 100 for user space.
    return btime ? Number(btime) * 1000 + Number(ticks) * 10 : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function parseLock(text: string): LockRecord | null {
  if (/^\d+$/.test(text.trim())) {
    return { pid: Number(text.trim()), startTime: null, instance: null };
  }
  try {
    const value = JSON.parse(text) as Partial<LockRecord>;
    if (!Number.isSafeInteger(value.pid) || (value.pid ?? 0) <= 0) return null;
    return {
      pid: value.pid!,
      startTime: typeof value.startTime === "string" ? value.startTime : null,
      instance: typeof value.instance === "string" ? value.instance : null,
    };
  } catch {
    return null;
  }
}

/** Whether the lock at lockPath still belongs to a running process other than this one. */
function isHeld(lock: LockRecord, lockPath: string): boolean {
  // Our own pid in a lock we did not just write: an earlier life of this pid (container restart).
  if (lock.pid === process.pid) return false;
  if (!isRunning(lock.pid)) return false;
  const startTime = processStartTime(lock.pid);
  if (lock.startTime !== null && startTime !== null) return lock.startTime === startTime;
  // An old-style lock (pid only): a process that started after the file was written cannot be
  // the one that wrote it. Boot time in /proc is whole seconds, hence the margin.
  const startedAt = processStartedAtMs(lock.pid);
  if (startedAt !== null) {
    try {
      if (startedAt > fs.statSync(lockPath).mtimeMs + 2_000) return false;
    } catch {
      return false; // the file went away meanwhile
    }
  }
  return true;
}

/** Takes the lock or throws DataDirLockedError; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const instance = randomBytes(12).toString("hex");
  const record: LockRecord = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    instance,
  };
  // Written in full under a private name, then linked into place: link() fails if the lock
  // exists, and another process never reads a half-written lock.
  const pending = path.join(dataDir, `${LOCK_FILE}.${instance}`);
  fs.writeFileSync(pending, `${JSON.stringify({ ...record, startedAt: new Date() })}\n`, {
    mode: 0o600,
  });
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.linkSync(pending, lockPath);
        return () => {
          try {
            if (parseLock(fs.readFileSync(lockPath, "utf8"))?.instance === instance) {
              fs.unlinkSync(lockPath);
            }
          } catch {
            // Already gone: nothing to release.
          }
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        let text: string;
        try {
          text = fs.readFileSync(lockPath, "utf8");
        } catch {
          continue; // released meanwhile
        }
        const holder = parseLock(text);
        if (holder && isHeld(holder, lockPath)) {
          throw new DataDirLockedError(
            `The data directory ${dataDir} is in use by another Quartermaster server (process ${holder.pid}). ` +
              "Stop that server first, or start this one with a different DATA_DIR.",
          );
        }
        // A stale lock (its process is gone, or the pid now belongs to another program). Removed
        // only if unchanged, so a server that replaced it meanwhile keeps its lock.
        try {
          if (fs.readFileSync(lockPath, "utf8") === text) fs.unlinkSync(lockPath);
        } catch {
          // Gone already.
        }
      }
    }
  } finally {
    fs.rmSync(pending, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
