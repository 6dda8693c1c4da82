// Chromium through playwright-core, and sign-in through the API with the session cookie put on a
// new browser context (only the login page's own tests sign in through the form).
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { findChromium, INSTALL_HINT } from "../../scripts/find-chromium.mjs";

export const DEMO_PASSWORD = "demo1234";
export const DEMO_ADMIN = "admin";
export const DEMO_USER = "jane";
const SESSION_COOKIE = "qm_session";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A wide window, so the sidebar is open (it opens at 1024 px and more). */
export const CONTEXT_OPTIONS = {
  viewport: { width: 1280, height: 800 },
  locale: "en-US",
  // No fades or slides mid-way when a test reads a colour or an opacity (the app honours it).
  reducedMotion: "reduce",
} as const;

export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`${INSTALL_HINT} (or set CHROMIUM_PATH)`);
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/** Signs in with POST /api/auth/login and returns the session cookie's value. */
export async function apiLogin(baseUrl: string, username: string, password = DEMO_PASSWORD) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) {
    throw new Error(`Sign-in as ${username} failed: ${response.status} ${await response.text()}`);
  }
  const prefix = `${SESSION_COOKIE}=`;
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith(prefix));
  if (!cookie) throw new Error(`Sign-in as ${username} set no ${SESSION_COOKIE} cookie`);
  return cookie.slice(prefix.length).split(";")[0]!;
}

/** A new browser context that is already signed in as the given user. */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<BrowserContext> {
  const value = await apiLogin(baseUrl, username, password);
  const context = await browser.newContext(CONTEXT_OPTIONS);
  await context.addCookies([
    { name: SESSION_COOKIE, value, url: baseUrl, httpOnly: true, sameSite: "Lax" },
  ]);
  return context;
}
