// The first load, measured in Chromium: the JavaScript a browser with an empty cache downloads
// before the login page and the dashboard are interactive (issue 30's goal: under 160 kB gzip),
// and the Largest Contentful Paint of the dashboard, licenses and expenses beside the sign-in
// page's in the same rounds (issue 30: within 1.5x of it, under 1 s on a quiet machine).
//
//   npx tsx scripts/bench/first-load.ts            builds the client, starts the real server on a
//                                                  fresh demo database, prints the figures
//   npx tsx scripts/bench/first-load.ts --no-build uses the client already in dist/client
//   CLIENT_DIR=/some/build npx tsx scripts/bench/first-load.ts --no-build
//   ... --verbose                                  also lists each script and its gzip size
//
// `npm run bench` runs the same measurement as one of its sections, against its own server.
// "transferred" is what crossed the wire (response bodies as sent: compressed when the server
// compresses); "gzip" is the same files gzipped here (zlib, level 9), the issue's yardstick
// whether or not the server compressed them; "raw" is their size unpacked.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Browser, Page, Request } from "playwright-core";
import { apiLogin, CONTEXT_OPTIONS, DEMO_ADMIN, launchChromium } from "../../tests/support/browser";
import { ROOT, startE2eServer } from "../../tests/support/e2e-server";
import type { BenchSection } from "./sections";

const SESSION_COOKIE = "qm_session";
const GOAL_KB = 160;
/** How long to keep watching after the page is interactive, for what it loads when idle. */
const AFTER_INTERACTIVE_MS = 2_000;

interface LoadFigures {
  scripts: number;
  scriptTransferred: number;
  scriptGzip: number;
  scriptRaw: number;
  requests: number;
  transferred: number;
  encodings: string[];
  /** Each script's path and gzip size, largest first (printed with --verbose). */
  scriptList: { name: string; gzip: number }[];
  /** Milliseconds from navigation to interactive, for orientation only (a loaded machine varies). */
  elapsedMs: number;
}

async function figuresOf(requests: Request[], elapsedMs: number): Promise<LoadFigures> {
  const figures: LoadFigures = {
    scripts: 0,
    scriptTransferred: 0,
    scriptGzip: 0,
    scriptRaw: 0,
    requests: 0,
    transferred: 0,
    encodings: [],
    scriptList: [],
    elapsedMs,
  };
  const encodings = new Set<string>();
  for (const request of requests) {
    const response = await request.response();
    if (!response) continue;
    const sizes = await request.sizes();
    figures.requests += 1;
    figures.transferred += sizes.responseBodySize + sizes.responseHeadersSize;
    if (request.resourceType() !== "script") continue;
    const body = await response.body();
    figures.scripts += 1;
    figures.scriptTransferred += sizes.responseBodySize;
    figures.scriptRaw += body.length;
    const gzip = gzipSync(body, { level: 9 }).length;
    figures.scriptGzip += gzip;
    figures.scriptList.push({ name: new URL(request.url()).pathname, gzip });
    encodings.add((await response.headerValue("content-encoding")) ?? "none");
  }
  figures.encodings = [...encodings].sort();
  figures.scriptList.sort((a, b) => b.gzip - a.gzip);
  return figures;
}

/** Opens `url` in a fresh context (empty cache) and records every request until `ready`. */
async function measure(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  sessionCookie?: string,
): Promise<LoadFigures & { after: LoadFigures }> {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  try {
    if (sessionCookie) {
      await context.addCookies([
        { name: SESSION_COOKIE, value: sessionCookie, url, httpOnly: true, sameSite: "Lax" },
      ]);
    }
    const page = await context.newPage();
    // Requests asked for before the page was interactive count; what it fetches afterwards (the
    // toaster, loaded when the browser is idle) is reported apart.
    const before = new Set<Request>();
    let interactive = false;
    page.on("request", (request) => {
      if (!interactive) before.add(request);
    });
    const finished: Request[] = [];
    page.on("requestfinished", (request) => finished.push(request));
    const started = performance.now();
    await page.goto(url);
    await ready(page);
    interactive = true;
    const elapsed = performance.now() - started;
    // Whatever the page asks for right after (a prefetch) counts too.
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(AFTER_INTERACTIVE_MS);
    await page.waitForLoadState("networkidle");
    const figures = await figuresOf(
      finished.filter((request) => before.has(request)),
      elapsed,
    );
    const after = await figuresOf(
      finished.filter((request) => !before.has(request)),
      elapsed,
    );
    return { ...figures, after };
  } finally {
    await context.close();
  }
}

const loginReady = async (page: Page) => {
  await page.getByLabel("Username").waitFor();
  await page.getByRole("button", { name: "Login" }).waitFor();
};

const dashboardReady = async (page: Page) => {
  await page.getByRole("heading", { name: /^Good (morning|afternoon|evening)/ }).waitFor();
  await page.getByRole("tab", { name: "Overview" }).waitFor();
  // The cards show numbers once the dashboard's data has arrived.
  await page.getByText("Total Licenses").waitFor();
};

/** kB of 1,000 bytes, as Vite and the issue count. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function describe(name: string, figures: LoadFigures & { after: LoadFigures }): string[] {
  const verdict = figures.scriptGzip <= GOAL_KB * 1000 ? "within" : "over";
  const list = process.argv.includes("--verbose")
    ? figures.scriptList.map(
        (script) => `      ${kb(script.gzip).padStart(9)} gzip  ${script.name}`,
      )
    : [];
  return [
    `  ${name}: ${figures.scripts} scripts, ${kb(figures.scriptTransferred)} transferred ` +
      `(content-encoding: ${figures.encodings.join(", ") || "-"}), ${kb(figures.scriptGzip)} gzip, ` +
      `${kb(figures.scriptRaw)} raw — ${verdict} the ${GOAL_KB} kB gzip goal`,
    `  ${" ".repeat(name.length)}  all requests: ${figures.requests}, ${kb(figures.transferred)} transferred (headers included); interactive after ${figures.elapsedMs.toFixed(0)} ms`,
    `  ${" ".repeat(name.length)}  after that, while idle: ${figures.after.scripts} scripts, ${kb(figures.after.scriptTransferred)} transferred, ${kb(figures.after.scriptGzip)} gzip`,
    ...list,
  ];
}

/** The pages whose Largest Contentful Paint is compared with the sign-in page's (issue 30). */
const LCP_PAGES = [
  { name: "login page (signed out)", path: "/login", signedIn: false },
  { name: "dashboard", path: "/", signedIn: true },
  { name: "licenses", path: "/licenses", signedIn: true },
  { name: "expenses", path: "/expenses", signedIn: true },
] as const;

/**
 * The page's Largest Contentful Paint in a fresh context (empty cache): the last LCP entry once
 * the network has been idle (the figures drawn), in ms from navigation.
 */
async function lcpOf(browser: Browser, url: string, sessionCookie?: string): Promise<number> {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  try {
    if (sessionCookie) {
      await context.addCookies([
        { name: SESSION_COOKIE, value: sessionCookie, url, httpOnly: true, sameSite: "Lax" },
      ]);
    }
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
          }).observe({ type: "largest-contentful-paint", buffered: true });
          setTimeout(() => resolve(Number.NaN), 2_000);
        }),
    );
  } finally {
    await context.close();
  }
}

const middle = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.ceil(sorted.length / 2) - 1]! : Number.NaN;
};
const range = (values: number[], format: (value: number) => string) => {
  const finite = values.filter(Number.isFinite);
  if (!finite.length) return "-";
  return `${format(middle(finite))} (${format(Math.min(...finite))}-${format(Math.max(...finite))})`;
};

/**
 * LCP of each page in `rounds` alternating rounds (each round loads every page once, in turn, so
 * a slower spell of the machine falls on all of them), and each page's ÷ the sign-in page's of
 * the same round: median (min-max).
 */
async function measureLcp(browser: Browser, appUrl: string, sessionCookie: string, rounds: number) {
  const samples = LCP_PAGES.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of LCP_PAGES.entries()) {
      samples[index]!.push(
        await lcpOf(
          browser,
          `${appUrl}${target.path}`,
          target.signedIn ? sessionCookie : undefined,
        ),
      );
    }
  }
  const lines = [
    `  Largest Contentful Paint, ${rounds} alternating rounds, fresh context each (median (min-max)):`,
    "  page | LCP ms | ÷ login page (same round)",
    "  --- | --: | --:",
  ];
  for (const [index, target] of LCP_PAGES.entries()) {
    const ratios = samples[index]!.map((value, round) => value / samples[0]![round]!);
    lines.push(
      `  ${target.name} | ${range(samples[index]!, (v) => v.toFixed(0))} | ${index === 0 ? "1.0×" : range(ratios, (v) => `${v.toFixed(2)}×`)}`,
    );
  }
  return lines;
}

/** Measures the login page (signed out) and the dashboard (signed in with `sessionCookie`). */
export async function measureFirstLoad(appUrl: string, sessionCookie: string, rounds = 5) {
  const browser = await launchChromium();
  try {
    const login = await measure(browser, `${appUrl}/login`, loginReady);
    const dashboard = await measure(browser, `${appUrl}/`, dashboardReady, sessionCookie);
    return [
      ...describe("login page", login),
      ...describe("dashboard", dashboard),
      ...(await measureLcp(browser, appUrl, sessionCookie, rounds)),
    ];
  } finally {
    await browser.close();
  }
}

/** The section of `npm run bench` (scripts/bench/run.ts), against the server it started. */
export const firstLoadSection: BenchSection = {
  title: "First load in Chromium (empty cache; JS until interactive)",
  async run({ appUrl, adminCookie, rounds }) {
    const index = await fetch(`${appUrl}/`);
    if (!(await index.text()).includes('<div id="root">')) {
      return ["  skipped: the server serves no built client (run `npm run build` first)"];
    }
    return measureFirstLoad(appUrl, adminCookie.replace(`${SESSION_COOKIE}=`, ""), rounds);
  },
};

async function main() {
  const clientDir = process.env.CLIENT_DIR ?? path.join(ROOT, "dist", "client");
  if (!process.argv.includes("--no-build")) {
    console.log("Building the client (vite build)...");
    const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (build.status !== 0) throw new Error("vite build failed");
  }
  if (!fs.existsSync(path.join(clientDir, "index.html"))) {
    throw new Error(`No built client in ${clientDir}: run without --no-build`);
  }
  const server = await startE2eServer({ CLIENT_DIR: clientDir });
  try {
    const session = await apiLogin(server.baseUrl, DEMO_ADMIN);
    console.log(`${firstLoadSection.title}, client ${path.relative(ROOT, clientDir) || "."}`);
    for (const line of await measureFirstLoad(server.baseUrl, session)) console.log(line);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
