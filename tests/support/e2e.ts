// setupE2e(): the set-up for one browser spec file. One server (fresh demo database) and one
// Chromium per file; a new context per page so tests never share cookies; a screenshot of every
// open page under test-results/ when a test fails.
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { CONTEXT_OPTIONS, DEMO_PASSWORD, launchChromium, signedInContext } from "./browser";
import { type E2eServer, ROOT, startE2eServer } from "./e2e-server";

export interface E2e {
  readonly baseUrl: string;
  readonly server: E2eServer;
  /** Absolute URL of a path on the server under test. */
  url(pathname: string): string;
  /** A page in a fresh context with no session. */
  anonymousPage(): Promise<Page>;
  /** A page in a fresh context signed in through the API. */
  pageAs(username: string, password?: string): Promise<Page>;
}

const RESULTS_DIR = path.join(ROOT, "test-results");

function fileSafe(text: string) {
  return text
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 120);
}

export function setupE2e(serverEnv: Record<string, string> = {}): E2e {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startE2eServer(serverEnv);
    browser = await launchChromium();
  });

  afterEach(async (context) => {
    const open = contexts;
    contexts = [];
    if (context.task.result?.state === "fail") {
      const spec = fileSafe(path.basename(context.task.file?.name ?? "spec"));
      const dir = path.join(RESULTS_DIR, spec);
      fs.mkdirSync(dir, { recursive: true });
      const pages = open.flatMap((browserContext) => browserContext.pages());
      for (const [index, page] of pages.entries()) {
        const file = path.join(dir, `${fileSafe(context.task.name)}-${index + 1}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => {});
        console.error(
          `Screenshot of the failed test: ${path.relative(ROOT, file)} (${page.url()})`,
        );
      }
      if (server) console.error(`Server output:\n${server.output() || "(none)"}`);
    }
    await Promise.all(open.map((browserContext) => browserContext.close().catch(() => {})));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const started = () => {
    if (!server || !browser) throw new Error("setupE2e(): the server or browser did not start");
    return { server, browser };
  };

  async function track(browserContext: BrowserContext) {
    contexts.push(browserContext);
    // Well under the test timeout, so a missing element fails with Playwright's clear message.
    browserContext.setDefaultTimeout(15_000);
    return browserContext.newPage();
  }

  return {
    get baseUrl() {
      return started().server.baseUrl;
    },
    get server() {
      return started().server;
    },
    url: (pathname) => new URL(pathname, started().server.baseUrl).toString(),
    anonymousPage: async () => track(await started().browser.newContext(CONTEXT_OPTIONS)),
    pageAs: async (username, password = DEMO_PASSWORD) => {
      const { server: s, browser: b } = started();
      return track(await signedInContext(b, s.baseUrl, username, password));
    },
  };
}
