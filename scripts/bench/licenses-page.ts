// Benchmark: the Licenses and License Assignments screens in Chromium with a large data set.
// Usage: npx vite build && npx tsx scripts/bench/licenses-page.ts [licenses=20000] [assignments=40000]
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test): the
// server runs as its own process on a scratch database that the script creates and drops.
// BENCH_CLIENT_DIR serves another client build (e.g. a copy of an older one, for a comparison).
// Prints figures; asserts nothing. A screen that shows no row within the wait is reported as such
// and the steps that need it are skipped, so a slow build still gets its figures printed.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Locator, Page } from "playwright-core";
import { createSecrets } from "../../src/server/lib/secrets";
import { launchChromium, signedInContext } from "../../tests/support/browser";
import { startE2eServer } from "../../tests/support/e2e-server";
import { BENCH_PASSWORD, openBenchDatabase, seedBenchLicenses } from "./bench-data";

const licenseCount = Number(process.argv[2] ?? 20_000);
const assignmentCount = Number(process.argv[3] ?? 40_000);
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const WAIT_MS = 120_000;

/** Milliseconds until the locator is visible, or null when it is not within WAIT_MS. */
async function timeUntilVisible(page: Page, locator: Locator, started: number) {
  try {
    await locator.waitFor({ state: "visible", timeout: WAIT_MS });
    return performance.now() - started;
  } catch {
    await page.screenshot({ path: "/tmp/bench-licenses-page.png" }).catch(() => {});
    return null;
  }
}

const shown = (ms: number | null) => (ms === null ? `no row within ${WAIT_MS} ms` : ms.toFixed(0));

async function main() {
  const key = randomBytes(32);
  const database = await openBenchDatabase(baseUrl);
  await seedBenchLicenses(database.db, createSecrets(key), {
    licenses: licenseCount,
    assignments: assignmentCount,
  });
  const server = await startE2eServer({
    DATABASE_URL: database.url!,
    ENCRYPTION_KEY: key.toString("hex"),
    ...(process.env.BENCH_CLIENT_DIR ? { CLIENT_DIR: process.env.BENCH_CLIENT_DIR } : {}),
  });
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, server.baseUrl, "bench0", BENCH_PASSWORD);
    let page = await context.newPage();
    const firstRows = {
      "/licenses": () => page.getByRole("row").filter({ hasText: "Product 0 Suite 0" }).first(),
      "/assignments": () => page.getByText("Product 0 Suite 0").first(),
    };
    console.log(`${licenseCount} licenses, ${assignmentCount} assignments`);
    console.log("screen | first row visible ms | rows or cards in the DOM");
    const failed = new Set<string>();
    for (const [path, firstRow] of Object.entries(firstRows)) {
      for (let run = 0; run < 2; run++) {
        try {
          const started = performance.now();
          await page.goto(`${server.baseUrl}${path}`);
          const elapsed = await timeUntilVisible(page, firstRow(), started);
          const rows = await page.locator("tr, [data-license-card]").count();
          console.log(`${path} (run ${run + 1}) | ${shown(elapsed)} | ${rows}`);
          if (elapsed === null) {
            failed.add(path);
            break;
          }
        } catch (error) {
          // e.g. the tab running out of memory ('Target crashed'): report it, go on in a new tab.
          console.log(
            `${path} (run ${run + 1}) | failed: ${(error as Error).message.split("\n")[0]}`,
          );
          failed.add(path);
          await page.close().catch(() => {});
          page = await context.newPage();
          break;
        }
      }
    }

    for (const path of Object.keys(firstRows) as (keyof typeof firstRows)[]) {
      if (failed.has(path)) continue;
      await page.goto(`${server.baseUrl}${path}`);
      await firstRows[path]().waitFor({ timeout: WAIT_MS });
      const next = page.getByRole("button", { name: "Next page", exact: true });
      if ((await next.count()) === 0) {
        console.log(`${path}: no pager`);
        continue;
      }
      const started = performance.now();
      await next.click();
      await firstRows[path]().waitFor({ state: "hidden", timeout: WAIT_MS });
      console.log(
        `${path}: Next page shown in ${(performance.now() - started).toFixed(0)} ms (${await page.locator("tr, [data-license-card]").count()} rows or cards)`,
      );
    }

    if (failed.has("/licenses")) {
      console.log("/licenses search: skipped (the screen showed no row)");
      return;
    }
    // The last license: its name matches no other ('Suite 1999' is not part of 'Suite 19990'
    // when it is the last one).
    const target = `Suite ${licenseCount - 1}`;
    const search = page.getByRole("searchbox", { name: "Search licenses" });
    await page.goto(`${server.baseUrl}/licenses`);
    await firstRows["/licenses"]().waitFor({ timeout: WAIT_MS });
    const started = performance.now();
    await search.fill(target);
    await page.getByRole("row").filter({ hasText: target }).first().waitFor({ timeout: WAIT_MS });
    await firstRows["/licenses"]().waitFor({ state: "hidden", timeout: WAIT_MS });
    console.log(
      `/licenses search '${target}' narrowed to ${(await page.locator("tbody tr").count()) || 0} row(s) in ${(performance.now() - started).toFixed(0)} ms (includes the 300 ms debounce)`,
    );
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
