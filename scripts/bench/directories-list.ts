// Benchmark: Directories and Trust Reviews with 10,000 directory listings and 20,000 trust
// reviews over 2,000 licenses (issue 10): the list calls and the summary figures, all in SQL.
// Usage: npx tsx scripts/bench/directories-list.ts [listings=10000] [reviews=20000] [iterations=40]
// Uses in-memory PGlite, or PostgreSQL when BENCH_DATABASE_URL is set (a scratch database the
// script creates and drops). Each call runs `iterations` times after two warm-up calls through
// the real application (inject: routing, guards, validation, serialization, no network); prints
// p50/p95. Asserts nothing.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createSecrets } from "../../src/server/lib/secrets";
import { openBenchDatabase, seedBenchLicenses } from "./bench-data";
import { seedBenchDirectories } from "./directories-data";
import { benchSignIn, buildBenchApp } from "./inject-app";

const listingCount = Number(process.argv[2] ?? 10_000);
const reviewCount = Number(process.argv[3] ?? 20_000);
const iterations = Number(process.argv[4] ?? 40);
const LICENSES = 2_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

async function main() {
  const database = await openBenchDatabase();
  const secrets = createSecrets(randomBytes(32));
  let started = performance.now();
  await seedBenchLicenses(database.db, secrets, { licenses: LICENSES, assignments: 0, users: 2 });
  await seedBenchDirectories(database.db, {
    listings: listingCount,
    reviews: reviewCount,
    locations: 50,
    overLicenses: LICENSES,
  });
  // What autovacuum does within a minute of a bulk load in a normal installation (this machine's
  // server runs with autovacuum off): statistics and the visibility map, without which the
  // lists' index-only page scans (lib/paging.ts: a page read ids first) would visit every table row.
  await database.db.execute(sql`vacuum (analyze) directories, trust_reviews, licenses`);
  console.log(
    `seeded ${listingCount} listings and ${reviewCount} trust reviews over ${LICENSES} licenses on ${database.kind} in ${Math.round(performance.now() - started)} ms`,
  );

  const app = await buildBenchApp(database, secrets);
  const cookie = await benchSignIn(app);
  const headers = { cookie, "x-requested-with": "XMLHttpRequest" };

  // The list by amount (a merge of a walk per currency, directories/amount-merge.ts): page 1, a
  // page from a cursor halfway down (the cursor read once, untimed) and the last page from the
  // end, each way; by name beside them, an index walk.
  const amountCases: [string, string][] = [];
  for (const order of ["asc", "desc"]) {
    const byAmount = `/api/directories?limit=50&sort=paymentAmount&order=${order}`;
    const halfway = await app.inject({
      method: "GET",
      url: `${byAmount}&offset=${Math.floor(listingCount / 2)}&withTotal=false`,
      headers,
    });
    const cursor = String(halfway.headers["x-next-cursor"]);
    amountCases.push(
      [`directories by amount ${order}, page 1`, byAmount],
      [`directories by amount ${order}, from a cursor halfway`, `${byAmount}&after=${cursor}`],
      [`directories by amount ${order}, last page from the end`, `${byAmount}&fromEnd=true`],
    );
  }
  const cases: [string, string][] = [
    ["directories, page of 50", "/api/directories?limit=50"],
    ...amountCases,
    ["directories, last page", `/api/directories?limit=50&offset=${listingCount - 50}`],
    [
      "directories, active by amount desc",
      "/api/directories?limit=50&status=active&sort=paymentAmount&order=desc",
    ],
    [
      "directories, cancelled by next date",
      "/api/directories?limit=50&status=cancelled&sort=nextPaymentDate",
    ],
    ["directories, search", "/api/directories?limit=50&search=listing123"],
    ["directories, search with no match", "/api/directories?limit=50&search=zzz-nothing"],
    ["directories, search location", "/api/directories?limit=50&search=city%2047"],
    ["trust reviews, page of 50 newest", "/api/trust-reviews?limit=50&order=desc"],
    ["trust reviews, paying tab", "/api/trust-reviews?limit=50&status=paying&order=desc"],
    ["trust reviews, inactive tab", "/api/trust-reviews?limit=50&status=inactive&order=desc"],
    ["trust reviews, search client", "/api/trust-reviews?limit=50&search=client 1234"],
    [
      "trust reviews, search domain in notes",
      "/api/trust-reviews?limit=50&search=notes777.example",
    ],
    ["trust reviews, summary (AUD)", "/api/trust-reviews/summary?currency=AUD"],
    ["trust reviews, summary (USD)", "/api/trust-reviews/summary?currency=USD"],
  ];
  console.log("case | rows | X-Total-Count | p50 ms | p95 ms | bytes");
  for (const [label, url] of cases) {
    const times: number[] = [];
    let rows = "-";
    let bytes = 0;
    let total = "-";
    for (let run = 0; run < iterations + 2; run++) {
      started = performance.now();
      const response = await app.inject({ method: "GET", url, headers });
      const elapsed = performance.now() - started;
      if (run >= 2) times.push(elapsed);
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      const body = response.json() as unknown;
      rows = Array.isArray(body) ? String(body.length) : "-";
      bytes = response.body.length;
      total = String(response.headers["x-total-count"] ?? "-");
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label} | ${rows} | ${total} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${bytes}`,
    );
  }

  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
