// Benchmark: the G Suite calls with 20,000 accounts over 20 organizations and 10 plans and 5,000
// users (issue 11), and one bulk assignment of 500 users.
// Usage: npx tsx scripts/bench/gsuite-list.ts [accounts=20000] [users=5000] [iterations=40]
// Uses in-memory PGlite, or PostgreSQL when BENCH_DATABASE_URL is set (a scratch database the
// script creates and drops). Each call runs `iterations` times after two warm-up calls through
// the real application (inject: routing, guards, validation, serialization, no network); prints
// p50/p95, then the bulk assignment's single request time and its retry's. Asserts nothing.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createSecrets } from "../../src/server/lib/secrets";
import { openBenchDatabase, seedBenchLicenses } from "./bench-data";
import { seedBenchGsuite } from "./gsuite-data";
import { benchSignIn, buildBenchApp } from "./inject-app";

const accountCount = Number(process.argv[2] ?? 20_000);
const userCount = Number(process.argv[3] ?? 5_000);
const iterations = Number(process.argv[4] ?? 40);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

async function main() {
  const database = await openBenchDatabase();
  const secrets = createSecrets(randomBytes(32));
  let started = performance.now();
  await seedBenchLicenses(database.db, secrets, { licenses: 0, assignments: 0, users: userCount });
  await seedBenchGsuite(database.db, secrets, {
    organizations: 20,
    plans: 10,
    accounts: accountCount,
  });
  // What autovacuum does within a minute of a bulk load in a normal installation (this machine's
  // server runs with autovacuum off): statistics and the visibility map, without which the
  // lists' index-only page scans (lib/paging.ts: a page read ids first) would visit every table row.
  await database.db.execute(sql`vacuum (analyze) gsuite_accounts, users`);
  console.log(
    `seeded ${accountCount} G Suite accounts, 20 organizations, 10 plans, ${userCount} users on ${database.kind} in ${Math.round(performance.now() - started)} ms`,
  );

  const app = await buildBenchApp(database, secrets);
  const cookie = await benchSignIn(app);
  const headers = { cookie, "x-requested-with": "XMLHttpRequest" };
  const lastPage = Math.max(0, accountCount - 50);

  const cases: [string, string][] = [
    ["accounts, page of 50", "/api/gsuite-accounts?limit=50"],
    ["accounts, last page of 50", `/api/gsuite-accounts?limit=50&offset=${lastPage}`],
    ["accounts, by plan type desc", "/api/gsuite-accounts?limit=50&sort=planType&order=desc"],
    ["accounts, search e-mail", "/api/gsuite-accounts?limit=50&search=ws1234"],
    ["accounts, search organization", "/api/gsuite-accounts?limit=50&search=bench-org7.test"],
    ["accounts, search plan type", "/api/gsuite-accounts?limit=50&search=plan 3"],
    ["accounts, search with no match", "/api/gsuite-accounts?limit=50&search=zzz-nothing"],
    ["accounts of one organization", "/api/gsuite-accounts?limit=20&organizationId=3"],
    ["accounts of one user", "/api/gsuite-accounts?limit=50&assignedToUserId=2"],
    ["All Users, page of 50", "/api/gsuite-users?limit=50"],
    ["All Users, search", "/api/gsuite-users?limit=50&search=user 42"],
    [
      "All Users without a plan (bulk dialog)",
      "/api/gsuite-users?limit=500&active=true&withoutPlanId=1",
    ],
    ["summary figures", "/api/gsuite-summary"],
    ["organizations", "/api/gsuite-organizations"],
    ["plans", "/api/gsuite-plans"],
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

  // One bulk assignment of 500 users on a plan none of them holds, then the same request again.
  const plan = await app.inject({
    method: "POST",
    url: "/api/gsuite-plans",
    headers,
    payload: { name: "Bench Bulk", basePrice: 7 },
  });
  const planId = (plan.json() as { id: number }).id;
  const people = await app.inject({
    method: "GET",
    url: "/api/gsuite-users?limit=500&offset=4000",
    headers,
  });
  const userIds = (people.json() as { id: number }[]).map((user) => user.id);
  for (const label of ["bulk assignment of 500 users", "the same request repeated"]) {
    started = performance.now();
    const response = await app.inject({
      method: "POST",
      url: "/api/gsuite-accounts/assign",
      headers,
      payload: { planId, userIds },
    });
    const elapsed = performance.now() - started;
    const results = (response.json() as { results: { outcome: string }[] }).results;
    const outcomes = Object.entries(
      results.reduce<Record<string, number>>((acc, r) => {
        acc[r.outcome] = (acc[r.outcome] ?? 0) + 1;
        return acc;
      }, {}),
    )
      .map(([outcome, n]) => `${n} ${outcome}`)
      .join(", ");
    console.log(
      `${label} | ${userIds.length} users | ${response.statusCode} | ${elapsed.toFixed(0)} ms | ${outcomes}`,
    );
  }
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
