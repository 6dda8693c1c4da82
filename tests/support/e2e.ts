// setupE2e(): the set-up for one browser spec file. One server (fresh demo database) and one
// Chromium per file; a new context per page so tests never share cookies; axe checks every page
// state and dialog a test reaches (tests/support/axe-gate.ts) and fails the test on a critical or
// serious violation; a screenshot of every open page under test-results/ when a test fails.
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { type AxeFinding, type AxeGate, describeFindings, installAxeGate } from "./axe-gate";
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
  /**
   * Scans the page's current state and returns (and clears) the axe violations found in its
   * context so far, so a test can assert on them instead of failing in afterEach.
   */
  takeAxeFindings(page: Page): Promise<AxeFinding[]>;
  /** What axe has found in the page's context so far, without scanning now or clearing. */
  axeFindingsSoFar(page: Page): AxeFinding[];
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
  const gates = new Map<BrowserContext, AxeGate>();

  beforeAll(async () => {
    // Side by side: the server's start is mostly waiting on its child process.
    const [startedServer, launchedBrowser] = await Promise.allSettled([
      startE2eServer(serverEnv),
      launchChromium(),
    ]);
    if (startedServer.status === "fulfilled") server = startedServer.value;
    if (launchedBrowser.status === "fulfilled") browser = launchedBrowser.value;
    // afterAll stops whichever did start.
    if (startedServer.status === "rejected") throw startedServer.reason;
    if (launchedBrowser.status === "rejected") throw launchedBrowser.reason;
  });

  afterEach(async (context) => {
    const open = contexts;
    contexts = [];
    try {
      const findings: AxeFinding[] = [];
      for (const browserContext of open) {
        findings.push(...((await gates.get(browserContext)?.take()) ?? []));
      }
      const failed = context.task.result?.state === "fail" || findings.length > 0;
      if (failed) await saveScreenshots(open, context.task.file?.name, context.task.name);
      // A test that failed already is reported by its own error; axe's findings come beside it.
      if (findings.length && context.task.result?.state === "fail") {
        console.error(describeFindings(findings));
      } else if (findings.length) {
        throw new Error(describeFindings(findings));
      }
    } finally {
      for (const browserContext of open) gates.delete(browserContext);
      await Promise.all(open.map((browserContext) => browserContext.close().catch(() => {})));
    }
  });

  async function saveScreenshots(open: BrowserContext[], file = "spec", name: string) {
    const dir = path.join(RESULTS_DIR, fileSafe(path.basename(file)));
    fs.mkdirSync(dir, { recursive: true });
    const pages = open.flatMap((browserContext) => browserContext.pages());
    for (const [index, page] of pages.entries()) {
      const shot = path.join(dir, `${fileSafe(name)}-${index + 1}.png`);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
      console.error(`Screenshot of the failed test: ${path.relative(ROOT, shot)} (${page.url()})`);
    }
    if (server) console.error(`Server output:\n${server.output() || "(none)"}`);
  }

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const started = () => {
    if (!server || !browser) throw new Error("setupE2e(): the server or browser did not start");
    return { server, browser };
  };

  function gateOf(page: Page) {
    const gate = gates.get(page.context());
    if (!gate) throw new Error("The page was not opened through setupE2e");
    return gate;
  }

  async function track(browserContext: BrowserContext) {
    contexts.push(browserContext);
    gates.set(browserContext, await installAxeGate(browserContext));
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
    takeAxeFindings: (page) => gateOf(page).take(),
    axeFindingsSoFar: (page) => gateOf(page).foundSoFar(),
  };
}
