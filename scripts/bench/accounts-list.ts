// Benchmark: the office accounts calls with 5,000 accounts and 10,000 assignments (issue 9).
// Usage: npx tsx scripts/bench/accounts-list.ts [accounts=5000] [assignments=10000] [iterations=40]
// Uses in-memory PGlite, or PostgreSQL when BENCH_DATABASE_URL is set (a scratch database:
// the script creates and drops its own database there). Each call runs `iterations` times after
// two warm-up calls, through the real application (inject: routing, guards, validation,
// serialization, no network); prints p50/p95. Asserts nothing.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { createSecrets } from "../../src/server/lib/secrets";
import { seedBenchOfficeAccounts } from "./accounts-data";
import { openBenchDatabase, seedBenchLicenses } from "./bench-data";
import { benchSignIn, buildBenchApp } from "./inject-app";

const accountCount = Number(process.argv[2] ?? 5_000);
const assignmentCount = Number(process.argv[3] ?? 10_000);
const iterations = Number(process.argv[4] ?? 40);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

async function main() {
  const database = await openBenchDatabase();
  const secrets = createSecrets(randomBytes(32));
  let started = performance.now();
  await seedBenchLicenses(database.db, secrets, { licenses: 0, assignments: 0 });
  await seedBenchOfficeAccounts(database.db, secrets, {
    accounts: accountCount,
    assignments: assignmentCount,
  });
  console.log(
    `seeded ${accountCount} office accounts, ${assignmentCount} assignments on ${database.kind} in ${Math.round(performance.now() - started)} ms`,
  );

  const app = await buildBenchApp(database, secrets);
  const login = (username: string) => benchSignIn(app, username);
  const adminCookie = await login("bench0");
  const userCookie = await login("bench1");
  const lastPage = Math.max(0, accountCount - 50);

  const cases: [string, string, string, string?][] = [
    ["admin, page of 50", "/api/accounts?limit=50", adminCookie],
    ["admin, last page of 50", `/api/accounts?limit=50&offset=${lastPage}`, adminCookie],
    [
      "admin, page of 50 by renewal date desc",
      "/api/accounts?limit=50&sort=renewalDate&order=desc",
      adminCookie,
    ],
    ["admin, page of 50, status expired", "/api/accounts?limit=50&status=expired", adminCookie],
    ["admin, search e-mail, page of 50", "/api/accounts?limit=50&search=office123", adminCookie],
    ["admin, search device, page of 50", "/api/accounts?limit=50&search=bench-pc-77", adminCookie],
    ["admin, search with no match", "/api/accounts?limit=50&search=zzz-nothing", adminCookie],
    ["user, own accounts, page of 50", "/api/accounts?limit=50", userCookie],
    ["admin, assignments page of 50", "/api/account-assignments?limit=50", adminCookie],
    [
      "admin, one user's active assignments",
      "/api/account-assignments?userId=2&active=true",
      adminCookie,
    ],
    ["admin, reveal one password (logged)", "/api/accounts/1/reveal", adminCookie, "POST"],
    ["admin, a user's holdings (release counts)", "/api/users/2/holdings", adminCookie],
    ["admin, all accounts (unpaged)", "/api/accounts", adminCookie],
  ];
  console.log("case | rows | X-Total-Count | p50 ms | p95 ms | bytes");
  for (const [label, url, cookie, method = "GET"] of cases) {
    const times: number[] = [];
    let rows = "-";
    let bytes = 0;
    let total = "-";
    for (let run = 0; run < iterations + 2; run++) {
      started = performance.now();
      const response = await app.inject({
        method: method as "GET",
        url,
        headers: { cookie, "x-requested-with": "XMLHttpRequest" },
      });
      const elapsed = performance.now() - started;
      if (run >= 2) times.push(elapsed);
      if (response.statusCode !== 200) {
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      }
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
