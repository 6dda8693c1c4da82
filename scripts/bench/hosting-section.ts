// The Hosting section of `npm run bench`, opt-in: `npm run bench -- --hosting` (or
// BENCH_HOSTING=1). Runs scripts/bench/hosting-import.ts in a child process on its own scratch
// database, with the DigitalOcean stand-in on loopback.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { BenchSection } from "./sections";

const wanted = () => process.argv.includes("--hosting") || process.env.BENCH_HOSTING === "1";

export const hostingSection: BenchSection = {
  title: "Hosting (import of 500 droplets over two months; reads over 36 months; inject)",
  async run() {
    if (!wanted()) return ["skipped: add --hosting (or BENCH_HOSTING=1) to run it"];
    const script = fileURLToPath(new URL("./hosting-import.ts", import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script], {
      env: process.env,
      maxBuffer: 10 * 1024 * 1024,
    });
    return stdout.trimEnd().split("\n");
  },
};
