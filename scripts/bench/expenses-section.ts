// The Expense Analysis and expense calendar section of `npm run bench`, opt-in: `npm run bench --
// --expenses` (or BENCH_EXPENSES=1). It seeds its own data set at the issue's size (20,000
// licenses, 10,000 listings, 20,000 G Suite accounts, 20,000 hardware items) by running
// scripts/bench/expenses-list.ts in a child process on its own scratch database.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { BenchSection } from "./sections";

const wanted = () => process.argv.includes("--expenses") || process.env.BENCH_EXPENSES === "1";

export const expensesSection: BenchSection = {
  title:
    "Expense Analysis and calendar (20,000 licenses, 10,000 listings, 20,000 G Suite accounts, 20,000 hardware items; p50/p95 over 40 calls, inject)",
  async run() {
    if (!wanted()) return ["skipped: add --expenses (or BENCH_EXPENSES=1) to run it"];
    const script = fileURLToPath(new URL("./expenses-list.ts", import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script], {
      env: process.env,
      maxBuffer: 10 * 1024 * 1024,
    });
    return stdout.trimEnd().split("\n");
  },
};
