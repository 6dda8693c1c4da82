// Unit and API tests on the embedded database. TEST_DATABASE_URL is removed from the environment
// so this run really uses PGlite; scripts/test-api-pg.mjs repeats the API tests on PostgreSQL.
import { runBin } from "./run-bin.mjs";

const env = { ...process.env };
delete env.TEST_DATABASE_URL;
process.exit(await runBin("vitest", ["run", ...process.argv.slice(2)], { env }));
