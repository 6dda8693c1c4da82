// Benchmark: Expense Analysis and the expense calendar (issue 14) at the size: 20,000
// licenses (every frequency and currency, purchase and expiry dates around today), 10,000
// directory listings, 20,000 G Suite accounts over 12 plans plus accounts without a plan,
// 20,000 hardware items with warranty expiries, 2,000 office accounts and 24 months of droplet
// costs. Assignments and users do not enter these calls' queries, so few are seeded.
// Usage: npx tsx scripts/bench/expenses-list.ts [licenses=20000] [iterations=40]
// In-memory PGlite, or PostgreSQL when BENCH_DATABASE_URL is set (a scratch database created and
// dropped). Each call runs `iterations` times after two warm-up calls through the real
// application (inject); prints p50/p95 and the answer's size. Asserts nothing.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { todayIso } from "../../src/domain/dates";
import { createSecrets } from "../../src/server/lib/secrets";
import { openBenchDatabase, seedBenchLicenses } from "./bench-data";
import { benchSignIn, buildBenchApp } from "./inject-app";

const licenseCount = Number(process.argv[2] ?? 20_000);
const iterations = Number(process.argv[3] ?? 40);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

async function main() {
  const database = await openBenchDatabase();
  const secrets = createSecrets(randomBytes(32));
  const db = database.db;
  let started = performance.now();
  await seedBenchLicenses(db, secrets, { licenses: 1, assignments: 0, users: 2 });
  await db.execute(sql`
    insert into licenses (name, license_key_ciphertext, license_key_masked, total_seats,
      purchase_date, expiry_date, payment_amount, payment_currency, payment_frequency,
      renewal_status)
    select 'Expense License ' || i, 'x', 'XXXX', 1 + i % 20,
      current_date - (i % 900), current_date + (i % 400) - 100, (i % 500) + 0.99,
      (array['USD','AUD','EUR','GBP'])[1 + i % 4],
      (array['daily','weekly','monthly','quarterly','annually','one-time'])[1 + i % 6],
      (array['manual','manual','auto','cancelled'])[1 + i % 4]
    from generate_series(1, ${licenseCount}) as i`);
  await db.execute(sql`
    insert into directories (name, payment_frequency_months, payment_amount, payment_currency,
      is_one_time, is_cancelled, next_payment_date, created_at)
    select 'Listing ' || i, (array[1,3,6,12])[1 + i % 4], (i % 900) + 9.99,
      (array['USD','AUD','EUR','GBP'])[1 + i % 4], i % 10 = 0, i % 7 = 0,
      current_date + (i % 365) - 60, now() - make_interval(days => i % 800)
    from generate_series(1, 10000) as i`);
  await db.execute(sql`
    insert into gsuite_plans (name, base_price, currency, billing_cycle)
    select 'Plan ' || i, 5 + i * 1.5, (array['AUD','USD','INR'])[1 + i % 3],
      (array['monthly','annually'])[1 + i % 2]
    from generate_series(1, 12) as i`);
  await db.execute(sql`
    insert into gsuite_accounts (email, plan_type, plan_id, price, payment_currency, created_at)
    select 'user' || i || '@bench.test', 'Plan ' || (1 + i % 14),
      (select id from gsuite_plans where name = 'Plan ' || (1 + i % 14)), 6.5,
      (array['AUD','USD','INR'])[1 + i % 3], now() - make_interval(days => i % 700)
    from generate_series(1, 20000) as i`);
  await db.execute(sql`
    insert into hardware (name, type, identifier, warranty_expiry, status)
    select 'Item ' || i, 'laptop', 'SN-' || i, current_date + (i % 1000) - 300,
      (array['active','active','maintenance','retired'])[1 + i % 4]
    from generate_series(1, 20000) as i`);
  await db.execute(sql`
    insert into accounts (email, password_ciphertext, provider, renewal_date, payment_amount,
      payment_currency)
    select 'office' || i || '@bench.test', 'x', 'microsoft365', current_date + (i % 400) - 30,
      (i % 90) + 5, (array['USD','AUD','EUR','GBP'])[1 + i % 4]
    from generate_series(1, 2000) as i`);
  await db.execute(sql`
    insert into droplets (droplet_id, name, project)
    select 'd' || i, 'droplet-' || i, 'Project ' || (i % 5) from generate_series(1, 50) as i`);
  await db.execute(sql`
    insert into droplet_costs (invoice_month, droplet_id, amount_usd)
    select to_char(date_trunc('month', current_date) - make_interval(months => m), 'YYYY-MM'),
      'd' || i, 4 + (i * m) % 40
    from generate_series(0, 23) as m, generate_series(1, 50) as i`);
  await db.execute(
    sql`vacuum (analyze) licenses, directories, gsuite_accounts, gsuite_plans, hardware, accounts, droplet_costs`,
  );
  console.log(
    `seeded ${licenseCount} licenses, 10000 listings, 20000 G Suite accounts, 20000 hardware items, 2000 office accounts and 1200 droplet costs on ${database.kind} in ${Math.round(performance.now() - started)} ms`,
  );

  const app = await buildBenchApp(database, secrets);
  const cookie = await benchSignIn(app);
  const headers = { cookie, "x-requested-with": "XMLHttpRequest" };
  const today = todayIso();
  const month = today.slice(0, 7);

  const cases: [string, string][] = [
    ["summary, all sources (AUD)", `/api/expenses/summary?today=${today}&currency=AUD`],
    ["summary, all sources (USD)", `/api/expenses/summary?today=${today}&currency=USD`],
    ["summary, licenses", `/api/expenses/summary?today=${today}&source=licenses`],
    ["summary, directories", `/api/expenses/summary?today=${today}&source=directories`],
    ["summary, gsuite", `/api/expenses/summary?today=${today}&source=gsuite`],
    ["summary, hosting", `/api/expenses/summary?today=${today}&source=hosting`],
    ["calendar, this month", `/api/expenses/calendar?today=${today}&month=${month}`],
    ["calendar, day (today)", `/api/expenses/calendar/day?today=${today}&date=${today}`],
    [
      "export, licenses (every row, CSV)",
      `/api/expenses/export?today=${today}&source=licenses&format=csv`,
    ],
  ];
  console.log("case | p50 ms | p95 ms | bytes");
  for (const [label, url] of cases) {
    const times: number[] = [];
    let bytes = 0;
    const runs = label.startsWith("export") ? Math.min(iterations, 5) : iterations;
    for (let run = 0; run < runs + 2; run++) {
      started = performance.now();
      const response = await app.inject({ method: "GET", url, headers });
      const elapsed = performance.now() - started;
      if (run >= 2) times.push(elapsed);
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      bytes = response.body.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${bytes}`,
    );
  }

  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
