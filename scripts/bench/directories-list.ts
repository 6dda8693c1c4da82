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
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { createSecrets } from "../../src/server/lib/secrets";
import { BENCH_PASSWORD, openBenchDatabase, seedBenchLicenses } from "./bench-data";

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
  // Rows spread over the four currencies, the frequencies, statuses and a year of dates.
  await database.db.execute(sql`
    insert into directories (name, url, location, payment_frequency_months, payment_amount,
      payment_currency, is_one_time, is_cancelled, next_payment_date)
    select 'Listing ' || i, 'https://listing' || i || '.example', 'City ' || (i % 50),
      (array[1,3,6,12])[1 + i % 4], (i % 900) + 9.99, (array['USD','AUD','EUR','GBP'])[1 + i % 4],
      i % 10 = 0, i % 7 = 0, current_date + (i % 365) - 60
    from generate_series(1, ${listingCount}) as i`);
  await database.db.execute(sql`
    insert into trust_reviews (license_id, client_name, domain, assigned_date, payment_status,
      client_payment_amount, client_payment_currency, payment_frequency, is_active,
      approval_status, notes)
    select l.id, 'Client ' || i, 'client' || i || '.example', current_date - (i % 700),
      (array['paying','not_paying','partial'])[1 + i % 3], (i % 300) + 5,
      (array['USD','AUD','EUR','GBP'])[1 + i % 4], (array['monthly','annually'])[1 + i % 2],
      i % 9 <> 0, (array['pending','approved','rejected','keep'])[1 + i % 4],
      'Domain: notes' || i || '.example'
    from generate_series(1, ${reviewCount}) as i
    join (select id, row_number() over (order by id) as n from licenses) l
      on l.n = 1 + i % ${LICENSES}`);
  // What autovacuum does within a minute of a bulk load in a normal installation (this machine's
  // server runs with autovacuum off): statistics and the visibility map, without which the
  // lists' index-only page scans (selectPageByIds) would visit every table row.
  await database.db.execute(sql`vacuum (analyze) directories, trust_reviews, licenses`);
  console.log(
    `seeded ${listingCount} listings and ${reviewCount} trust reviews over ${LICENSES} licenses on ${database.kind} in ${Math.round(performance.now() - started)} ms`,
  );

  const config = loadConfig({ LOG_LEVEL: "silent", CLIENT_DIR: "/nonexistent" });
  const app = await buildApp({ config, database, secrets });
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "x-requested-with": "XMLHttpRequest" },
    payload: { username: "bench0", password: BENCH_PASSWORD },
  });
  const cookie = `qm_session=${login.cookies.find((c) => c.name === "qm_session")!.value}`;
  const headers = { cookie, "x-requested-with": "XMLHttpRequest" };

  const cases: [string, string][] = [
    ["directories, page of 50", "/api/directories?limit=50"],
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
