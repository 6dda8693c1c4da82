// Benchmark: the Licenses and License Assignments screens in Chromium with a large data set.
// Usage: npx vite build && npx tsx scripts/bench/licenses-page.ts [licenses=20000] [assignments=40000]
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test): the
// server runs as its own process on a scratch database that the script creates and drops.
// Prints figures; asserts nothing.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { createSecretBox } from "../../src/server/lib/secret-box";
import { launchChromium, signedInContext } from "../../tests/support/browser";
import { startE2eServer } from "../../tests/support/e2e-server";
import { BENCH_PASSWORD, openBenchDatabase, seedBenchLicenses } from "./bench-data";

const licenseCount = Number(process.argv[2] ?? 20_000);
const assignmentCount = Number(process.argv[3] ?? 40_000);
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function main() {
  const key = randomBytes(32);
  const database = await openBenchDatabase(baseUrl);
  await seedBenchLicenses(database.db, createSecretBox(key), {
    licenses: licenseCount,
    assignments: assignmentCount,
  });
  const server = await startE2eServer({
    DATABASE_URL: database.url!,
    ENCRYPTION_KEY: key.toString("hex"),
  });
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, server.baseUrl, "bench0", BENCH_PASSWORD);
    const page = await context.newPage();
    console.log(`${licenseCount} licenses, ${assignmentCount} assignments`);
    console.log("screen | first row visible ms | rows in the DOM");
    for (const [path, firstRow] of [
      ["/licenses", page.getByRole("row").filter({ hasText: "Product 0 Suite 0" }).first()],
      ["/assignments", page.getByText("Product 0 Suite 0").first()],
    ] as const) {
      for (let run = 0; run < 2; run++) {
        const started = performance.now();
        await page.goto(`${server.baseUrl}${path}`);
        try {
          await firstRow.waitFor({ state: "visible", timeout: 120_000 });
        } catch (error) {
          await page.screenshot({ path: "/tmp/bench-licenses-page.png" });
          throw error;
        }
        const elapsed = performance.now() - started;
        const rows = await page.locator("tr, [data-license-card]").count();
        console.log(`${path} (run ${run + 1}) | ${elapsed.toFixed(0)} | ${rows}`);
      }
    }
    const search = page.getByRole("textbox", { name: "Search licenses" });
    await page.goto(`${server.baseUrl}/licenses`);
    await page.getByRole("row").filter({ hasText: "Product 0 Suite 0" }).first().waitFor();
    const started = performance.now();
    await search.fill("Suite 19999");
    await page
      .getByRole("row")
      .filter({ hasText: "Suite 19999" })
      .first()
      .waitFor({ timeout: 60_000 });
    await page
      .getByRole("row")
      .filter({ hasText: "Product 0 Suite 0" })
      .first()
      .waitFor({ state: "hidden" });
    console.log(
      `/licenses search narrowed to one row in ${(performance.now() - started).toFixed(0)} ms (includes the 300 ms-ish debounce)`,
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
