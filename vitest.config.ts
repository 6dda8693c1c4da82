import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit tests (domain, client helpers) and API tests (Fastify inject on a fresh database per file).
// With TEST_DATABASE_URL set, the API tests run on PostgreSQL instead of PGlite (see scripts/test-api-pg.mjs).
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One worker per core: vitest's default leaves one core to itself (one worker on this 2-core
    // machine), but a file spends much of its time in PGlite or waiting on PostgreSQL, and the
    // main process has little to do. 22 API files: 144 s with one worker, 100 s with two.
    maxWorkers: "100%",
  },
});
