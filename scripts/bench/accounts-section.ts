// The office accounts' section of `npm run bench`, opt-in: `npm run bench -- --accounts` (or
// BENCH_ACCOUNTS=1). It needs its own data set (5,000 accounts, 10,000 assignments), so it runs
// scripts/bench/accounts-list.ts in a child process on its own scratch database (PGlite, or
// PostgreSQL like the rest of the run when BENCH_DATABASE_URL is set) and prints its table.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { BenchSection } from "./sections";

const wanted = () => process.argv.includes("--accounts") || process.env.BENCH_ACCOUNTS === "1";

export const accountsSection: BenchSection = {
  title: "Office accounts (5,000 accounts, 10,000 assignments; p50/p95 over 40 calls, inject)",
  async run() {
    if (!wanted()) return ["skipped: add --accounts (or BENCH_ACCOUNTS=1) to run it"];
    const script = fileURLToPath(new URL("./accounts-list.ts", import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script], {
      env: process.env,
      maxBuffer: 10 * 1024 * 1024,
    });
    return stdout.trimEnd().split("\n");
  },
};
