// The G Suite section of `npm run bench`, opt-in: `npm run bench -- --gsuite` (or
// BENCH_GSUITE=1). It needs its own data set (20,000 accounts, 20 organizations, 10 plans, 5,000
// users), so it runs scripts/bench/gsuite-list.ts in a child process on its own scratch database
// (PGlite, or PostgreSQL like the rest of the run when BENCH_DATABASE_URL is set).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { BenchSection } from "./sections";

const wanted = () => process.argv.includes("--gsuite") || process.env.BENCH_GSUITE === "1";

export const gsuiteSection: BenchSection = {
  title:
    "G Suite (20,000 accounts, 20 organizations, 10 plans, 5,000 users; p50/p95 over 40 calls, inject; bulk assignment of 500)",
  async run() {
    if (!wanted()) return ["skipped: add --gsuite (or BENCH_GSUITE=1) to run it"];
    const script = fileURLToPath(new URL("./gsuite-list.ts", import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script], {
      env: process.env,
      maxBuffer: 10 * 1024 * 1024,
    });
    return stdout.trimEnd().split("\n");
  },
};
