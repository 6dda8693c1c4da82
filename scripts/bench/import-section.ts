// The import's section of `npm run bench` (issue 30 items 6 and 10): a 10,000-row CSV import of
// licenses into a database that holds the run's number of licenses, on PostgreSQL (when the run
// uses it) and on PGlite, each by scripts/bench/licenses-import.ts in a child process on a scratch
// database of its own: checking alone, checking and writing, rows/s, and a plain INSERT of the same
// rows beside it.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { BenchSection } from "./sections";

const IMPORT_ROWS = 10_000;

export const importSection: BenchSection = {
  title: `Import: ${IMPORT_ROWS.toLocaleString("en")} licenses from CSV (preview, commit, rows/s, a plain INSERT beside it)`,
  async run(context) {
    const script = fileURLToPath(new URL("./licenses-import.ts", import.meta.url));
    const args = [
      "--import",
      "tsx",
      script,
      "--rows",
      String(IMPORT_ROWS),
      "--licenses",
      String(context.counts.licenses),
      "--rounds",
      String(context.rounds),
    ];
    const { BENCH_DATABASE_URL, ...withoutPostgres } = process.env;
    const targets = BENCH_DATABASE_URL ? [process.env, withoutPostgres] : [withoutPostgres];
    const lines: string[] = [];
    for (const env of targets) {
      const { stdout } = await promisify(execFile)(process.execPath, args, {
        env,
        maxBuffer: 10 * 1024 * 1024,
      });
      lines.push(...stdout.trimEnd().split("\n"));
    }
    return lines;
  },
};
