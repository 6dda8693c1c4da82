// The API tests again, on PostgreSQL (TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test).
// Without TEST_DATABASE_URL there is nothing to run: say so and succeed.
import { runBin } from "./run-bin.mjs";

if (!process.env.TEST_DATABASE_URL) {
  console.log("Skipping the API tests on PostgreSQL: TEST_DATABASE_URL is not set.");
  process.exit(0);
}
console.log(`API tests on PostgreSQL (${redact(process.env.TEST_DATABASE_URL)})`);
process.exit(await runBin("vitest", ["run", "src/server", ...process.argv.slice(2)]));

function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "unparseable URL";
  }
}
