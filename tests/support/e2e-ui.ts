// Small waits and API helpers shared by browser specs (playwright-core has no expect() of its own,
// so these lean on locator.waitFor and vitest's expect.poll).
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { apiLogin, DEMO_ADMIN } from "./browser";

export const UI_TIMEOUT = 10_000;

export const visible = (locator: Locator) =>
  locator.waitFor({ state: "visible", timeout: UI_TIMEOUT });
export const hidden = (locator: Locator) =>
  locator.waitFor({ state: "hidden", timeout: UI_TIMEOUT });

/** Waits until the check passes. */
export async function until(check: () => Promise<boolean>, what: string) {
  await expect.poll(check, { timeout: UI_TIMEOUT, message: `waiting until ${what}` }).toBe(true);
}

/** Waits until the locator matches exactly `count` elements. */
export async function waitForCount(locator: Locator, count: number) {
  await expect
    .poll(() => locator.count(), { timeout: UI_TIMEOUT, message: `matches of ${locator}` })
    .toBe(count);
}

/** The title and description of every sonner toast on the page. */
async function toasts(page: Page) {
  const shown: { title: string | null; description: string | null }[] = [];
  for (const toast of await page.locator("[data-sonner-toast]").all()) {
    const description = toast.locator("[data-description]");
    shown.push({
      title: await toast.locator("[data-title]").textContent(),
      description: (await description.count()) ? await description.textContent() : null,
    });
  }
  return shown;
}

/** Waits for a toast whose title and description are exactly these (case included). */
export async function expectToast(page: Page, title: string, description: string | null) {
  await expect
    .poll(() => toasts(page), { timeout: UI_TIMEOUT, message: `a toast '${title}'` })
    .toContainEqual({ title, description });
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Calls the API with a session cookie, as the client does (X-Requested-With, JSON). */
export async function callApi(
  baseUrl: string,
  cookie: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      "x-requested-with": "XMLHttpRequest",
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The demo administrator's API, for set-up and checks; throws on any non-2xx answer. */
export async function adminApi(baseUrl: string) {
  const cookie = `qm_session=${await apiLogin(baseUrl, DEMO_ADMIN)}`;
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await callApi(baseUrl, cookie, method, path, body);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body as T;
  };
}

/** A sign-in through POST /api/auth/login, without throwing: the status and the server's body. */
export function tryLogin(baseUrl: string, username: string, password: string) {
  return callApi(baseUrl, null, "POST", "/api/auth/login", { username, password });
}
