// Benchmark: a CSV import of `rows` licenses (issue 15's 10,000-row case), committed through the
// API on a fresh database, then a search over the imported rows. Usage:
//   npx tsx scripts/bench/licenses-import.ts [rows=10000]
// In-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set (tests/support). Inject, no
// network. Asserts nothing but the import's success.
import { performance } from "node:perf_hooks";
import { buildTestApp } from "../../tests/support/test-app";

const rowCount = Number(process.argv[2] ?? 10_000);

function licensesFile(count: number) {
  const lines = ["Name,License Key,Total Seats,Notes"];
  for (let i = 0; i < count; i++) {
    lines.push(
      `Imported product ${i},IMPORT-${String(i).padStart(6, "0")}-KEY,${1 + (i % 50)},row ${i}`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

async function main() {
  const t = await buildTestApp();
  try {
    const { cookie } = await t.signedInUser({ role: "admin" });
    const file = licensesFile(rowCount);
    const started = performance.now();
    const response = await t.request({
      method: "POST",
      url: "/api/imports/licenses",
      cookie,
      payload: file,
      headers: { "content-type": "text/csv" },
    });
    const importMs = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`import: ${response.statusCode} ${response.body}`);
    const searchStarted = performance.now();
    const search = await t.request({
      method: "GET",
      url: "/api/licenses?search=product%2012&limit=25",
      cookie,
    });
    const searchMs = performance.now() - searchStarted;
    if (search.statusCode !== 200) throw new Error(`search: ${search.statusCode}`);
    console.log(`import of ${rowCount} licenses: ${(importMs / 1000).toFixed(1)} s`);
    console.log(`search after it: ${searchMs.toFixed(0)} ms`);
  } finally {
    await t.close();
  }
}

await main();
