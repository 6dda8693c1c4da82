// The Settings page in browser specs: a fresh person (so the demo people keep their defaults for
// the other specs), opening the page, and its switches as the server has them.
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "./browser";
import type { E2e } from "./e2e";
import { adminApi, until, visible } from "./e2e-ui";

const unique = () => Math.random().toString(36).slice(2, 8);

/** A new person made through the API; their username starts with `prefix`. */
export async function newSettingsUser(e2e: E2e, prefix: string, role: "admin" | "user" = "user") {
  const api = await adminApi(e2e.baseUrl);
  const username = `${prefix}${unique()}`;
  await api("POST", "/api/users", { username, password: DEMO_PASSWORD, role });
  return username;
}

export async function openSettingsPage(e2e: E2e, page: Page) {
  await page.goto(e2e.url("/settings"));
  await visible(
    page.getByRole("banner").getByRole("heading", { level: 1, name: "Settings", exact: true }),
  );
}

export const settingsSwitch = (page: Page, name: string) =>
  page.getByRole("main").getByRole("switch", { name, exact: true });

/** Waits until the switch is enabled (loaded from the server) and shows `checked`. */
export const switchShows = (page: Page, name: string, checked: boolean) =>
  until(
    async () =>
      (await settingsSwitch(page, name).isEnabled()) &&
      (await settingsSwitch(page, name).getAttribute("aria-checked")) === String(checked),
    `'${name}' is ${checked ? "on" : "off"}`,
  );
