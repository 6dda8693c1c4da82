// Benchmark: the script cost of one keystroke in the Licenses search box with 50 rows on screen
// (issue 7's goal: at most 16 ms). Chromium's own counter (CDP Performance.getMetrics
// ScriptDuration) is read before each key and again once the key's work and a frame are done.
// Usage: npx vite build && npx tsx scripts/bench/licenses-typing.ts [rounds=5]
// The server is the browser tests' one (embedded database with the demo data) plus 60 licenses with
// a few seats each, so the first page is full. BENCH_CLIENT_DIR serves another client build.
// Prints figures; asserts nothing.
import type { CDPSession, Page } from "playwright-core";
import type { LicenseResponse } from "../../src/domain/schemas/licenses";
import type { UserResponse } from "../../src/domain/schemas/users";
import { DEMO_ADMIN, launchChromium, signedInContext } from "../../tests/support/browser";
import { startE2eServer } from "../../tests/support/e2e-server";
import { adminApi } from "../../tests/support/e2e-ui";

const rounds = Number(process.argv[2] ?? 5);
// Typed one key at a time, faster than the search's debounce, as a person types a word.
const WORD = "suite";
const KEY_GAP_MS = 120;

async function scriptSeconds(cdp: CDPSession) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return metrics.find((metric) => metric.name === "ScriptDuration")?.value ?? 0;
}

/** Resolves after the next frame has been produced, so the key's render is included. */
const nextFrame = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const server = await startE2eServer(
    process.env.BENCH_CLIENT_DIR ? { CLIENT_DIR: process.env.BENCH_CLIENT_DIR } : {},
  );
  const browser = await launchChromium();
  try {
    const api = await adminApi(server.baseUrl);
    const people = await api<UserResponse[]>("GET", "/api/users");
    for (let i = 0; i < 60; i++) {
      const license = await api<LicenseResponse>("POST", "/api/licenses", {
        name: `Bench ${String(i).padStart(2, "0")}`,
        licenseKey: `BENCH-${1000 + i}-ABCD-EFGH`,
        totalSeats: 5,
        paymentAmount: 10 + i,
        paymentCurrency: i % 2 ? "EUR" : "USD",
        paymentFrequency: "monthly",
      });
      for (const person of people.slice(0, 3)) {
        await api("POST", "/api/assignments", { licenseId: license.id, userId: person.id });
      }
    }

    const context = await signedInContext(browser, server.baseUrl, DEMO_ADMIN);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const perKey: number[] = [];
    const settle: number[] = [];
    for (let round = 0; round < rounds; round++) {
      await page.goto(`${server.baseUrl}/licenses`);
      const rows = page.getByRole("table", { name: "Licenses" }).locator("tbody tr");
      await rows.nth(49).waitFor();
      const search = page.getByRole("searchbox", { name: "Search licenses" });
      await search.focus();
      await page.waitForTimeout(500);
      for (const key of WORD) {
        const before = await scriptSeconds(cdp);
        await page.keyboard.press(key);
        await nextFrame(page);
        perKey.push((await scriptSeconds(cdp)) - before);
        await page.waitForTimeout(KEY_GAP_MS);
      }
      // The search the debounce then sends, and the narrowed page it renders.
      const before = await scriptSeconds(cdp);
      await page.waitForTimeout(1500);
      settle.push((await scriptSeconds(cdp)) - before);
      if ((await rows.count()) >= 50) console.log("warning: the search did not narrow the list");
    }
    const ms = (seconds: number) => (seconds * 1000).toFixed(1);
    console.log(`keystrokes: ${perKey.length} (${rounds} rounds of '${WORD}', 50 rows on screen)`);
    console.log(
      `script per keystroke ms: median ${ms(median(perKey))}, max ${ms(Math.max(...perKey))}`,
    );
    console.log(
      `script of the debounced search and its new rows, once per word, ms: median ${ms(median(settle))}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
