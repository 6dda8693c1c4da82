// The Directories and Trust Reviews section of `npm run bench`, opt-in: `npm run bench --
// --directories` (or BENCH_DIRECTORIES=1). It seeds its own data set (10,000 listings, 20,000 trust
// reviews over 2,000 licenses) by running scripts/bench/directories-list.ts in a child process on
// its own scratch database (PGlite, or PostgreSQL when BENCH_DATABASE_URL is set).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { BenchSection } from "./sections";

const wanted = () =>
  process.argv.includes("--directories") || process.env.BENCH_DIRECTORIES === "1";

export const directoriesSection: BenchSection = {
  title:
    "Directories and Trust Reviews (10,000 listings, 20,000 reviews over 2,000 licenses; p50/p95 over 40 calls, inject)",
  async run() {
    if (!wanted()) return ["skipped: add --directories (or BENCH_DIRECTORIES=1) to run it"];
    const script = fileURLToPath(new URL("./directories-list.ts", import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script], {
      env: process.env,
      maxBuffer: 10 * 1024 * 1024,
    });
    return stdout.trimEnd().split("\n");
  },
};
