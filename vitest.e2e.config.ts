import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Browser tests: each spec file starts the real server on a free port with a fresh data directory
// and drives Debian's Chromium through playwright-core.
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["tests/support/e2e-global-setup.ts"],
    // axe checks every state a test reaches (tests/support/axe-gate.ts), on a machine that may be
    // busy: the long walk-through specs need more than a minute there.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two spec files at a time: one keeps this 2-core machine 72% busy (a server's start, a page's
    // requests and Chromium take turns), two keep it 95% busy: 673 s -> 499 s for the whole run.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
