// The query plan of every list search (issue 7: searches stay flat as tables grow). Seeds each
// searched table with the given number of rows (default 50,000), takes the statistics as
// autovacuum would after a bulk load, then calls each search through the real application,
// records the statements it sent and runs EXPLAIN ANALYZE on those that search (ILIKE). Prints,
// per statement, the scans of the plan (a Seq Scan of a big table is what this looks for) and
// the execution time. Asserts nothing.
//
//   npx tsx scripts/bench/search-plans.ts [rows=50000]                       in-memory PGlite
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/search-plans.ts
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createSecrets } from "../../src/server/lib/secrets";
import { seedBenchOfficeAccounts } from "./accounts-data";
import { openBenchDatabase, seedBenchLicenses } from "./bench-data";
import { seedBenchDirectories } from "./directories-data";
import { seedBenchGsuite } from "./gsuite-data";
import { seedHardwareBench } from "./hardware";
import { benchSignIn, buildBenchApp } from "./inject-app";

const rows = Number(process.argv[2] ?? 50_000);

/** Each search as the screens send it: a few matches, none, and a two-character search. */
const searches: [string, string][] = [
  ["users", `/api/users?limit=50&search=${encodeURIComponent(`user ${Math.floor(rows * 0.7)}`)}`],
  ["users, e-mail", "/api/users?limit=50&search=bench.user4242%40"],
  ["users, no match", "/api/users?limit=50&search=zzz-nothing"],
  ["users, 2 characters", "/api/users?limit=50&search=zq"],
  ["licenses, name", "/api/licenses?limit=50&search=suite%201234"],
  ["hardware, serial", "/api/hardware?limit=25&search=HW-012345"],
  ["hardware, no match", "/api/hardware?limit=25&search=zzzqqq"],
  ["hardware requests, reason", "/api/hardware-requests?limit=50&search=number%204242%2C"],
  ["hardware requests, name", "/api/hardware-requests?limit=50&search=new%20thing%201234"],
  ["hardware requests, no match", "/api/hardware-requests?limit=50&search=zzz-nothing"],
  ["office accounts, e-mail", "/api/accounts?limit=50&search=office123"],
  ["office accounts, device", "/api/accounts?limit=50&search=bench-pc-77"],
  ["directories, name", "/api/directories?limit=50&search=listing123"],
  ["directories, location", "/api/directories?limit=50&search=city%2047"],
  ["directories, no match", "/api/directories?limit=50&search=zzz-nothing"],
  ["trust reviews, client", "/api/trust-reviews?limit=50&search=client%201234"],
  ["trust reviews, notes", "/api/trust-reviews?limit=50&search=notes777.example"],
  ["G Suite accounts, e-mail", "/api/gsuite-accounts?limit=50&search=ws1234"],
  ["G Suite accounts, no match", "/api/gsuite-accounts?limit=50&search=zzz-nothing"],
  ["G Suite All Users", "/api/gsuite-users?limit=50&search=user%204242"],
];

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/** The text and parameters of one driver call (node-postgres may take a config object). */
function statementOf(args: unknown[]): { text: string; values: unknown[] } {
  const [first, second] = args;
  if (typeof first === "string") return { text: first, values: (second as unknown[]) ?? [] };
  const config = first as { text: string; values?: unknown[] };
  return { text: config.text, values: config.values ?? (second as unknown[]) ?? [] };
}

async function main() {
  const database = await openBenchDatabase();
  const secrets = createSecrets(randomBytes(32));
  const started = performance.now();
  await seedBenchLicenses(database.db, secrets, { licenses: 2_000, assignments: 0, users: rows });
  await seedHardwareBench(database.db, { hardware: rows, requests: rows });
  await seedBenchOfficeAccounts(database.db, secrets, { accounts: rows, assignments: rows });
  await seedBenchGsuite(database.db, secrets, { organizations: 20, plans: 10, accounts: rows });
  await seedBenchDirectories(database.db, {
    listings: rows,
    reviews: rows,
    locations: 500,
    overLicenses: 2_000,
  });
  // What autovacuum does soon after a bulk load (statistics and the visibility map).
  await database.db.execute(sql`vacuum (analyze)`);
  console.log(
    `search plans: ${rows} rows per searched table on ${database.kind}, seeded in ${Math.round((performance.now() - started) / 1000)} s; ${new Date().toISOString()}`,
  );

  const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
  const originalQuery = client.query.bind(client);
  let captured: unknown[][] | null = null;
  client.query = (...args: unknown[]) => {
    captured?.push(args);
    return originalQuery(...args);
  };

  const app = await buildBenchApp(database, secrets);
  const cookie = await benchSignIn(app);

  console.log("search | statement | scans (index or Seq Scan) | rows | execution ms");
  console.log("--- | --: | --- | --: | --:");
  for (const [label, url] of searches) {
    // Warm once, then record the statements of a second call.
    await app.inject({ method: "GET", url, headers: { cookie } });
    captured = [];
    const response = await app.inject({ method: "GET", url, headers: { cookie } });
    const statements = captured.map(statementOf);
    captured = null;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    const total = response.headers["x-total-count"] ?? "-";
    let n = 0;
    for (const { text, values } of statements) {
      n++;
      if (!/ ilike /i.test(text)) continue;
      const result = (await originalQuery(`explain (analyze, costs off) ${text}`, values)) as {
        rows: Record<string, string>[];
      };
      const plan = result.rows.map((row) => String(Object.values(row)[0]));
      const scans = plan
        .map((line) => line.trim().replace(/^->\s*/, ""))
        .filter((line) => /Scan/.test(line))
        .map((line) => line.replace(/\s*\(actual.*$/, ""));
      const time = plan.find((line) => line.startsWith("Execution Time"))?.replace(/\D+$/, "");
      console.log(
        `${label} | ${n} | ${[...new Set(scans)].join("; ")} | ${total} | ${time?.replace(/^Execution Time: /, "")}`,
      );
      if (process.env.SEARCH_PLANS_VERBOSE) console.log(`${text}\n${plan.join("\n")}\n`);
    }
  }
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
