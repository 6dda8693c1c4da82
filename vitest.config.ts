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
  },
});
