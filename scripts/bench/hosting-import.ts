// Benchmark: Hosting (issue 12). An import from the DigitalOcean stand-in (real page size 200)
// of `droplets` droplets in the running month and the previous one, again with nothing changed,
// then the four read calls over `months` months of history. Usage:
//   npx tsx scripts/bench/hosting-import.ts [droplets=500] [months=36] [iterations=40]
// In-memory PGlite, or PostgreSQL when BENCH_DATABASE_URL is set. Inject, no network to the app;
// the import itself goes over loopback HTTP to the stand-in. Asserts nothing.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { todayIso } from "../../src/domain/dates";
import { monthOf, previousMonth, shiftMonth } from "../../src/domain/hosting";
import { createSecrets } from "../../src/server/lib/secrets";
import {
  dropletItem,
  type StandInAccount,
  standInUuid,
  startDigitalOceanStandIn,
} from "../../tests/support/digitalocean-stand-in";
import { openBenchDatabase, seedBenchLicenses } from "./bench-data";
import { benchSignIn, buildBenchApp } from "./inject-app";

const dropletCount = Number(process.argv[2] ?? 500);
const monthCount = Number(process.argv[3] ?? 36);
const iterations = Number(process.argv[4] ?? 40);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

function account(running: string, previous: string): StandInAccount {
  const droplets = Array.from({ length: dropletCount }, (_, i) => ({
    id: 5_000_000 + i,
    name: `bench-droplet-${i}`,
    project: `Project ${i % 12}`,
  }));
  const items = (month: string, scale: number) =>
    droplets.map((d, i) => dropletItem(month, d, ((i % 90) * scale + 4.17).toFixed(2)));
  return {
    invoices: [
      { invoice_uuid: standInUuid(), invoice_period: previous, items: items(previous, 1) },
    ],
    preview: { invoice_uuid: standInUuid(), invoice_period: running, items: items(running, 0.7) },
    droplets: droplets.map((d) => ({ id: d.id, name: d.name, created_at: "2025-01-01T00:00:00Z" })),
  };
}

async function main() {
  const running = monthOf(todayIso("UTC"));
  const previous = previousMonth(running);
  const standIn = await startDigitalOceanStandIn({
    account: account(running, previous),
    perPage: 200,
  });
  const database = await openBenchDatabase();
  const secrets = createSecrets(randomBytes(32));
  await seedBenchLicenses(database.db, secrets, { licenses: 1, assignments: 0, users: 2 });
  // History before the two imported months: every droplet billed every month.
  await database.db.execute(sql`
    insert into droplet_costs (invoice_month, droplet_id, amount_usd)
    select to_char(to_date(${shiftMonth(previous, -monthCount)}, 'YYYY-MM') + make_interval(months => m), 'YYYY-MM'),
      (5000000 + d)::text, (d % 90) + 4.17
    from generate_series(0, ${monthCount - 1}) as m, generate_series(0, ${dropletCount - 1}) as d`);
  const app = await buildBenchApp(database, secrets, {
    DIGITALOCEAN_TOKEN: standIn.token,
    DIGITALOCEAN_API_URL: standIn.url,
  });
  const cookie = await benchSignIn(app);
  const headers = { cookie, "x-requested-with": "XMLHttpRequest" };

  console.log(
    `${dropletCount} droplets, ${monthCount} months of history, on ${database.kind}; stand-in pages of 200`,
  );
  for (const label of ["first import", "re-import, nothing changed"]) {
    const started = performance.now();
    const response = await app.inject({
      method: "POST",
      url: "/api/hosting/fetch-latest",
      headers,
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    console.log(
      `fetch-latest, ${label} | ${Math.round(performance.now() - started)} ms | ${response.json().message} | ${standIn.requests.length} requests so far`,
    );
  }

  console.log("case | rows | p50 ms | p95 ms | bytes");
  for (const url of [
    "/api/hosting/status",
    "/api/hosting/summary",
    "/api/hosting/droplets",
    "/api/hosting/costs",
  ]) {
    const times: number[] = [];
    let rows = "-";
    let bytes = 0;
    for (let run = 0; run < iterations + 2; run++) {
      const started = performance.now();
      const response = await app.inject({ method: "GET", url, headers });
      if (run >= 2) times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
      const body = response.json() as unknown;
      rows = Array.isArray(body) ? String(body.length) : "-";
      bytes = response.body.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${url} | ${rows} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${bytes}`,
    );
  }
  await app.close();
  await database.close();
  await standIn.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
