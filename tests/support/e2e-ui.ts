// Small waits and API helpers shared by browser specs (playwright-core has no expect() of its own,
// so these lean on locator.waitFor and vitest's expect.poll).
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { flush as scanWithAxe } from "./axe-gate";
import { apiLogin, DEMO_ADMIN } from "./browser";

// Generous: the specs run in parallel workers on a 2-core machine, where a debounced search and
// its answer can take several seconds. A wait returns as soon as its state is there.
export const UI_TIMEOUT = 20_000;

/** Waits until the element is visible; a dialog that appears is checked by axe there and then. */
export async function visible(locator: Locator) {
  await locator.waitFor({ state: "visible", timeout: UI_TIMEOUT });
  const role = await locator.getAttribute("role").catch(() => null);
  if (role === "dialog" || role === "alertdialog") await scanWithAxe(locator.page());
}
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

/**
 * The title and description of every sonner toast on the page, read in one go: reading toast by
 * toast could wait on one that expired meanwhile and stall the poll past its time-out.
 */
function toasts(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("[data-sonner-toast]"), (toast) => ({
      title: toast.querySelector("[data-title]")?.textContent ?? null,
      description: toast.querySelector("[data-description]")?.textContent ?? null,
    })),
  );
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
export const adminApi = (baseUrl: string) => apiAs(baseUrl, DEMO_ADMIN);

/** A person's API (signed in with their password), as adminApi for the demo administrator. */
export async function apiAs(baseUrl: string, username: string, password?: string) {
  const cookie = `qm_session=${await apiLogin(baseUrl, username, password)}`;
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

/**
 * A table's column (by its header text) can be reached: the page itself does not scroll sideways,
 * the table's box stays inside its card, and either the column is in view or the box scrolls and
 * shows it (the shade on its hidden edge, a focusable region named '…, scrolls sideways'); once
 * the column is scrolled to, `control` (a button of that column) is what a click there hits.
 */
export async function expectColumnReachable(table: Locator, header: string, control: Locator) {
  const box = table.locator("xpath=ancestor::*[@data-slot='table-container'][1]");
  const column = table.getByRole("columnheader", { name: header, exact: true });
  await visible(column);
  const layout = await box.evaluate((element) => {
    const card = element.closest("[data-slot=card]") ?? element;
    return {
      pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
      boxRight: element.getBoundingClientRect().right,
      cardRight: card.getBoundingClientRect().right,
      scrolls: element.scrollWidth > element.clientWidth,
      name: element.getAttribute("aria-label"),
      tabIndex: element.tabIndex,
    };
  });
  expect(layout.pageScrolls, "the page scrolls sideways").toBe(false);
  expect(layout.boxRight).toBeLessThanOrEqual(layout.cardRight + 1);
  // Whether the box says it hides columns: at its right edge the pinned last column casts a
  // shadow then, at its left a shade shows once it has been scrolled.
  await until(
    async () => {
      const marked = await box.evaluate(
        (element) =>
          element.hasAttribute("data-hides-start") || element.hasAttribute("data-hides-end"),
      );
      return marked === layout.scrolls;
    },
    `the box ${layout.scrolls ? "marks" : "does not mark"} its hidden edge`,
  );
  if (layout.scrolls) {
    expect(layout.name).toMatch(/, scrolls sideways$/);
    expect(layout.tabIndex).toBe(0);
  }
  await column.scrollIntoViewIfNeeded();
  await until(
    () =>
      control.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(
          rect.left + rect.width / 2,
          rect.top + rect.height / 2,
        );
        return hit !== null && element.contains(hit);
      }),
    `the ${header} column's control is in view and not covered`,
  );
  const [columnRect, boxRect] = await Promise.all([column.boundingBox(), box.boundingBox()]);
  expect(columnRect!.x + columnRect!.width).toBeLessThanOrEqual(boxRect!.x + boxRect!.width + 1);
}

/** Whether the element the locator finds has keyboard focus. */
export function hasFocus(locator: Locator) {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Waits until the locator's element has focus (dialogs return it after they close). */
export async function expectFocus(locator: Locator, what: string) {
  await until(() => hasFocus(locator), `${what} has focus`);
}

/** What has focus, for failure messages and checks: 'BODY' when nothing does. */
export function focusedElement(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "BODY";
    return `${active.tagName} ${active.getAttribute("aria-label") ?? active.textContent?.trim()}`;
  });
}

/** Whether two elements' boxes on screen overlap. */
export async function overlaps(a: Locator, b: Locator) {
  const [boxA, boxB] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!boxA || !boxB) return false;
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}
