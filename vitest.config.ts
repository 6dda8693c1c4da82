import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit tests (domain, client helpers) and API tests (Fastify inject on a fresh database per file).
// With TEST_DATABASE_URL set, the API tests run on PostgreSQL instead of PGlite (see scripts/test-api-pg.mjs).

const TEST_FILES = ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"];

// A worker keeps its loaded modules from one test file to the next (isolate: false): each file
// still gets its own database and app, but Fastify, Drizzle, PGlite and our modules load once per
// worker instead of once per file (the PGlite run: 292 s -> 161 s, of which loading 162 s -> 17 s).
// A file that replaces a module with vi.mock needs a module graph of its own, or the mock would
// miss modules an earlier file loaded and stay on for later ones: those files run isolated.
const SRC = fileURLToPath(new URL("./src", import.meta.url));
const mocksModules = /\bvi\.(?:do)?[mM]ock\(/;
const filesMockingModules = fs
  .readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => mocksModules.test(fs.readFileSync(`${SRC}/${file}`, "utf8")))
  .map((file) => `src/${file.replaceAll("\\", "/")}`);

export default defineConfig({
  resolve: { alias: { "@": SRC } },
  test: {
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One worker per core: vitest's default leaves one core to itself (one worker on this 2-core
    // machine), but a file spends much of its time in PGlite or waiting on PostgreSQL, and the
    // main process has little to do. 22 API files: 144 s with one worker, 100 s with two.
    maxWorkers: "100%",
    projects: [
      {
        extends: true,
        test: {
          name: "shared-modules",
          include: TEST_FILES,
          exclude: filesMockingModules,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "module-mocks", include: filesMockingModules, isolate: true },
      },
    ],
  },
});
