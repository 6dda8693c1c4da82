// The summaries' section of `npm run bench` (issue 30 item 7): Expense Analysis' summary, the
// trust reviews' summary cards and the calendar month, at 1,000 licenses and at the run's size,
// with each size's SQL ÷ the 1,000 figure. It runs scripts/bench/summaries.ts in a child process
// on scratch databases of its own (same database kind as the run), so the ratio is taken within
// one run instead of between runs.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { BenchSection } from "./sections";

export const summariesSection: BenchSection = {
  title:
    "Summaries (expense summary, trust-review summary, calendar month, the dashboard's summary and its unused seats' statement) at 1,000 licenses and at the run's size, SQL = the call's statements run again directly",
  async run(context) {
    const sizes = [...new Set([1000, context.counts.licenses])].join(",");
    const script = fileURLToPath(new URL("./summaries.ts", import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", script, "--sizes", sizes, "--rounds", String(context.rounds)],
      { env: process.env, maxBuffer: 10 * 1024 * 1024 },
    );
    return stdout.trimEnd().split("\n");
  },
};
