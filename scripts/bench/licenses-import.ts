// Benchmark: a CSV import of licenses (issue 30 item 6) into a database that already holds
// licenses, as an installation's does. Usage:
//   npx tsx scripts/bench/licenses-import.ts [--rows 10000] [--licenses 10000] [--rounds 5]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/...
// PGlite in a data directory (as the server runs it), or a scratch PostgreSQL database (created
// and dropped). The real application (default configuration) answers through inject, no network.
// Each round, with fresh keys: the preview (the checking alone), the commit (checking again and
// writing; its answer), the ANALYZE of the licenses the commit leaves running after its answer
// (waited for before anything else), then a plain multi-row INSERT of the same rows in one transaction (keys sealed
// beforehand, untimed): the database's own speed for them. The imported and inserted rows are
// deleted after each round, so every round starts from the same table. Prints each figure's
// median over the rounds with the spread (min-max), and commit ÷ INSERT per round the same way.
// Asserts nothing but each call's success.

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { like, sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { licenses } from "../../src/server/db/schema";
import { createSecrets } from "../../src/server/lib/secrets";
import { storedLicenseKey } from "../../src/server/licenses/license-key";
import { BENCH_PASSWORD, openBenchDatabase, seedBenchLicenses } from "./bench-data";

function option(name: string, fallback: number) {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}
const rowCount = option("rows", 10_000);
const existing = option("licenses", 10_000);
const rounds = option("rounds", 5);

const NAME_PREFIX = "Imported product";
const row = (round: number, i: number) => ({
  name: `${NAME_PREFIX} ${round}-${i}`,
  key: `IMPORT-${round}-${String(i).padStart(6, "0")}-KEY`,
  seats: 1 + (i % 50),
  notes: `row ${i}`,
});

function licensesFile(round: number, count: number) {
  const lines = ["Name,License Key,Total Seats,Notes"];
  for (let i = 0; i < count; i++) {
    const r = row(round, i);
    lines.push(`${r.name},${r.key},${r.seats},${r.notes}`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1]!;
const spread = (values: number[], format: (value: number) => string) =>
  `${format(median(values))} (${format(Math.min(...values))}-${format(Math.max(...values))})`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const dataDir = process.env.BENCH_DATABASE_URL
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), "qm-bench-import-"));
  const database = await openBenchDatabase(process.env.BENCH_DATABASE_URL, dataDir);
  const secrets = createSecrets(randomBytes(32));
  await seedBenchLicenses(database.db, secrets, { licenses: existing, assignments: 0 });
  await database.db.execute(sql`vacuum (analyze) users, licenses`);
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir ?? os.tmpdir(),
  });
  const app = await buildApp({ config, database, secrets });
  try {
    const headers = { "x-requested-with": "XMLHttpRequest" };
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers,
      payload: { username: "bench0", password: BENCH_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
    const session = login.cookies.find((cookie) => cookie.name === "qm_session")!;
    const cookie = `qm_session=${session.value}`;
    const post = async (url: string, file: string) => {
      const started = performance.now();
      const response = await app.inject({
        method: "POST",
        url,
        headers: { ...headers, cookie, "content-type": "text/csv" },
        payload: file,
      });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) {
        throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
      }
      return ms;
    };

    const figures = {
      preview: [] as number[],
      commit: [] as number[],
      analyze: [] as number[],
      insert: [] as number[],
    };
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const file = licensesFile(round, rowCount);
      figures.preview.push(await post("/api/imports/licenses/preview", file));
      figures.commit.push(await post("/api/imports/licenses", file));
      const answered = performance.now();
      await app.statistics.idle();
      figures.analyze.push(performance.now() - answered);
      await database.db.delete(licenses).where(like(licenses.name, `${NAME_PREFIX} %`));

      const plain = Array.from({ length: rowCount }, (_, i) => {
        const r = row(rounds + round, i);
        return {
          name: r.name,
          totalSeats: r.seats,
          notes: r.notes,
          ...storedLicenseKey(secrets, r.key),
        };
      });
      const started = performance.now();
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < plain.length; i += 1000) {
          await tx.insert(licenses).values(plain.slice(i, i + 1000));
        }
      });
      figures.insert.push(performance.now() - started);
      await database.db.delete(licenses).where(like(licenses.name, `${NAME_PREFIX} %`));
      ratios.push(figures.commit.at(-1)! / figures.insert.at(-1)!);
    }
    console.log(
      `Import of ${rowCount} licenses into ${existing} on ${database.kind}, ${rounds} rounds, medians (min-max); node ${process.version}`,
    );
    if (rounds < 5) console.log(`(only ${rounds} rounds: too few to quote)`);
    console.log(`  preview (checking only)   ${spread(figures.preview, seconds)}`);
    console.log(`  commit (check + write)    ${spread(figures.commit, seconds)}`);
    console.log(`  its ANALYZE, after answer ${spread(figures.analyze, seconds)}`);
    // What the answer took while it waited for the ANALYZE (until decision 0065), per round.
    console.log(
      `  answer + its ANALYZE      ${spread(
        figures.commit.map((ms, i) => ms + figures.analyze[i]!),
        seconds,
      )}`,
    );
    console.log(
      `  commit rows/s             ${spread(
        figures.commit.map((ms) => (rowCount * 1000) / ms),
        (value) => value.toFixed(0),
      )}`,
    );
    console.log(`  plain INSERT, same rows   ${spread(figures.insert, seconds)}`);
    console.log(`  commit ÷ plain INSERT     ${spread(ratios, (value) => `${value.toFixed(1)}×`)}`);
  } finally {
    await app.close();
    await database.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
