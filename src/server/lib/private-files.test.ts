// DATA_DIR and everything the embedded database writes into it are readable by the owner only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { openRuntime } from "../runtime";
import { makePrivate } from "./private-files";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "qm-private-"));
const previousUmask = process.umask(0o022); // the usual umask, as a server would inherit it
afterAll(() => {
  process.umask(previousUmask);
  fs.rmSync(root, { recursive: true, force: true });
});

function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    const stat = fs.lstatSync(current);
    if ((stat.mode & 0o077) !== 0) found.push(`${current} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory())
      for (const entry of fs.readdirSync(current)) walk(path.join(current, entry));
  };
  walk(dir);
  return found;
}

describe("private data directory", () => {
  it("creates DATA_DIR 0700 and every database file 0600", { timeout: 120_000 }, async () => {
    const dataDir = path.join(root, "data");
    const runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
    // While running, nothing under DATA_DIR is reachable by others: the directory is 0700, and
    // the files of the new database are already 0600.
    expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe("700");
    expect(openToOthers(dataDir)).toEqual([]);
    // And so are the files it adds as it runs (a new table's, the log's).
    await runtime.database.db.execute(sql`create table private_check (id int)`);
    await runtime.database.db.execute(
      sql`insert into private_check select generate_series(1, 1000)`,
    );
    await runtime.database.db.execute(sql`checkpoint`);
    expect(openToOthers(dataDir)).toEqual([]);
    await runtime.close();
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it("makes an existing world-readable tree private", () => {
    const dataDir = path.join(root, "old");
    fs.mkdirSync(path.join(dataDir, "pgdata"), { recursive: true, mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, "pgdata", "PG_VERSION"), "17", { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, "pgdata", "PG_VERSION"), 0o666);
    makePrivate(dataDir);
    expect(openToOthers(dataDir)).toEqual([]);
  });
});
