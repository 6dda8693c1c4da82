// Benchmark: GET /api/licenses with tens of thousands of licenses.
// Usage: npx tsx scripts/bench/licenses-list.ts [licenses=20000] [assignments=40000]
// Uses in-memory PGlite, or PostgreSQL when BENCH_DATABASE_URL is set (a scratch database:
// the script creates and drops its own database there). Prints figures; asserts nothing.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { licenses } from "../../src/server/db/schema";
import { createSecrets } from "../../src/server/lib/secrets";
import { BENCH_USER_COUNT, openBenchDatabase, seedBenchLicenses } from "./bench-data";
import { benchSignIn, buildBenchApp } from "./inject-app";

const licenseCount = Number(process.argv[2] ?? 20_000);
const assignmentCount = Number(process.argv[3] ?? 40_000);

async function main() {
  const database = await openBenchDatabase();
  const secrets = createSecrets(randomBytes(32));
  const db = database.db;

  let started = performance.now();
  await seedBenchLicenses(db, secrets, { licenses: licenseCount, assignments: assignmentCount });
  console.log(
    `seeded ${licenseCount} licenses, ${assignmentCount} assignments, ${BENCH_USER_COUNT} users on ${database.kind} in ${Math.round(performance.now() - started)} ms`,
  );

  for (let run = 0; run < 3; run++) {
    started = performance.now();
    const all = await db.select().from(licenses);
    const selectMs = performance.now() - started;
    started = performance.now();
    for (const row of all) secrets.open(row.licenseKeyCiphertext);
    console.log(
      `raw select of ${all.length} rows: ${selectMs.toFixed(0)} ms; decrypting every key: ${(performance.now() - started).toFixed(0)} ms`,
    );
  }

  const app = await buildBenchApp(database, secrets);
  const login = (username: string) => benchSignIn(app, username);
  const adminCookie = await login("bench0");
  const userCookie = await login("bench1");

  // The ids of the first page, for the assignments request a page of the screen sends.
  const firstPage = await app.inject({
    method: "GET",
    url: "/api/licenses?limit=50",
    headers: { cookie: adminCookie },
  });
  const pageIds = (firstPage.json() as { id: number }[]).map((license) => license.id).join(",");

  const cases: [string, string, string][] = [
    ["admin, all licenses", "/api/licenses", adminCookie],
    ["admin, page of 50", "/api/licenses?limit=50", adminCookie],
    [
      "admin, page of 50 at offset 10000",
      `/api/licenses?limit=50&offset=${Math.min(10_000, Math.max(0, licenseCount - 50))}`,
      adminCookie,
    ],
    ["admin, page of 50 by cost desc", "/api/licenses?sort=cost&order=desc&limit=50", adminCookie],
    [
      "admin, search by key fragment, page of 50",
      "/api/licenses?search=bench-a&limit=50",
      adminCookie,
    ],
    [
      "admin, active seats of a page of 50",
      `/api/assignments?licenseIds=${pageIds}&active=true`,
      adminCookie,
    ],
    ["admin, search by name", "/api/licenses?search=suite%201234", adminCookie],
    ["admin, search by key fragment", "/api/licenses?search=bench-a", adminCookie],
    [
      "admin, expiring soon, by cost desc",
      "/api/licenses?status=expiring&sort=cost&order=desc",
      adminCookie,
    ],
    ["user, own licenses", "/api/licenses", userCookie],
    ["admin, all assignments", "/api/assignments", adminCookie],
  ];
  console.log("case | rows | X-Total-Count | median ms | min ms | bytes");
  for (const [label, url, cookie] of cases) {
    const times: number[] = [];
    let rows = 0;
    let bytes = 0;
    let total = "-";
    for (let run = 0; run < 5; run++) {
      started = performance.now();
      const response = await app.inject({ method: "GET", url, headers: { cookie } });
      times.push(performance.now() - started);
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      rows = (response.json() as unknown[]).length;
      bytes = response.body.length;
      total = String(response.headers["x-total-count"] ?? "-");
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label} | ${rows} | ${total} | ${times[2]!.toFixed(0)} | ${times[0]!.toFixed(0)} | ${bytes}`,
    );
  }
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
