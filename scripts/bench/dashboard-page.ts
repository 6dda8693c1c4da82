// Benchmark: the dashboard (/) at a large size, in Chromium and over loopback HTTP.
// Usage: npx vite build && npx tsx scripts/bench/dashboard-page.ts \
//          [licenses=20000] [assignments=50000] [hardware=20000] [accounts=5000] [users=5000]
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test): the
// server runs as its own process on a scratch database that the script creates and drops.
// Prints, for an administrator and an ordinary user: the summary call's bytes (as sent, and
// gzip-compressed as a browser receives it) and p50/p95 of 30 calls; then in Chromium the API
// bytes the page downloads, its Largest Contentful Paint, and when the Overview's tables show.
// Prints figures; asserts nothing.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { createSecrets } from "../../src/server/lib/secrets";
import { launchChromium, signedInContext } from "../../tests/support/browser";
import { startE2eServer } from "../../tests/support/e2e-server";
import { seedBenchOfficeAccounts } from "./accounts-data";
import { BENCH_PASSWORD, openBenchDatabase, seedBenchLicenses } from "./bench-data";
import { seedHardwareBench } from "./hardware";
import { timedGet } from "./http-load";

const [licenseCount, assignmentCount, hardwareCount, accountCount, userCount] = [
  20_000, 50_000, 20_000, 5_000, 5_000,
].map((fallback, index) => Number(process.argv[2 + index] ?? fallback)) as [
  number,
  number,
  number,
  number,
  number,
];
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const WAIT_MS = 120_000;
const CALLS = 30;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function summaryFigures(url: string, cookie: string, who: string) {
  const first = await timedGet(url, cookie);
  if (first.status !== 200) throw new Error(`${who}: summary answered ${first.status}`);
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) times.push((await timedGet(url, cookie)).ms);
  console.log(
    `${who} | ${kb(first.body.length)} | ${kb(gzipSync(first.body).length)} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)}`,
  );
}

/** Loads / and returns the page's API bytes, its LCP and when the given table had its rows. */
async function pageFigures(page: Page, url: string, table: string, rows: number) {
  let apiBytes = 0;
  const sizes: Promise<void>[] = [];
  page.on("requestfinished", (request) => {
    if (!new URL(request.url()).pathname.startsWith("/api/")) return;
    sizes.push(
      request.sizes().then((size) => {
        apiBytes += size.responseBodySize + size.responseHeadersSize;
      }),
    );
  });
  const started = performance.now();
  await page.goto(url);
  await page
    .getByRole("table", { name: table, exact: true })
    .locator("tbody tr")
    .nth(rows - 1)
    .waitFor({ timeout: WAIT_MS });
  const tablesMs = performance.now() - started;
  // The LCP entries so far (buffered): the last one is the page's Largest Contentful Paint.
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  await page.waitForLoadState("networkidle");
  await Promise.all(sizes);
  return { apiBytes, lcp, tablesMs };
}

async function main() {
  const key = randomBytes(32);
  const secrets = createSecrets(key);
  const database = await openBenchDatabase(baseUrl);
  const seeding = performance.now();
  await seedBenchLicenses(database.db, secrets, {
    licenses: licenseCount,
    assignments: assignmentCount,
    users: userCount,
  });
  await seedHardwareBench(database.db, { hardware: hardwareCount, requests: 0 });
  await seedBenchOfficeAccounts(database.db, secrets, {
    accounts: accountCount,
    assignments: accountCount,
  });
  await database.db.execute(sql`analyze`);
  console.log(
    `${licenseCount} licenses, ${assignmentCount} assignments, ${hardwareCount} hardware items, ${accountCount} office accounts, ${userCount} users (seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s)`,
  );
  const server = await startE2eServer({
    DATABASE_URL: database.url!,
    ENCRYPTION_KEY: key.toString("hex"),
  });
  const browser = await launchChromium();
  try {
    const summaryUrl = `${server.baseUrl}/api/dashboard/summary`;
    const login = async (username: string) => {
      const context = await signedInContext(browser, server.baseUrl, username, BENCH_PASSWORD);
      const cookie = (await context.cookies()).find((c) => c.name === "qm_session")!;
      return { context, cookie: `qm_session=${cookie.value}` };
    };
    const admin = await login("bench0");
    const user = await login("bench1");

    console.log("summary call | bytes | gzip | p50 ms | p95 ms");
    await summaryFigures(summaryUrl, admin.cookie, "administrator");
    await summaryFigures(summaryUrl, user.cookie, "ordinary user");

    console.log("dashboard in Chromium | API bytes (incl. headers) | LCP ms | tables shown ms");
    for (const [who, viewer, table, rows] of [
      ["administrator", admin, "Recently Added Licenses", 3],
      ["ordinary user", user, "Hardware Inventory", 4],
    ] as const) {
      for (let run = 1; run <= 3; run++) {
        // A new tab each run: the first run also fetches and compiles the scripts.
        const page = await viewer.context.newPage();
        const figures = await pageFigures(page, `${server.baseUrl}/`, table, rows);
        console.log(
          `${who} (run ${run}) | ${kb(figures.apiBytes)} | ${figures.lcp.toFixed(0)} | ${figures.tablesMs.toFixed(0)}`,
        );
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
