// The Settings toggles stored per user on the server (issue 13): they persist across a reload and
// apply where they mean something (mask licence keys: the licenses list's keys), the two-factor
// switch opens the real setup, and a failed load says so.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupE2e } from "../support/e2e";
import { hidden, until, visible } from "../support/e2e-ui";
import {
  newSettingsUser,
  openSettingsPage,
  settingsSwitch,
  switchShows,
} from "../support/settings-page";

const e2e = setupE2e();
const newUser = (role?: "admin" | "user") => newSettingsUser(e2e, "pref", role);
const openSettings = (page: Page) => openSettingsPage(e2e, page);
const toggle = settingsSwitch;
const shows = switchShows;

describe("the settings toggles", () => {
  it("start from the defaults and keep each change across a reload", async () => {
    const page = await e2e.pageAs(await newUser());
    await openSettings(page);
    await shows(page, "Mask licence keys", true);
    await shows(page, "Enable two-factor authentication", false);
    await shows(page, "Licence expiration alerts", true);
    await shows(page, "Assignment changes", true);

    await toggle(page, "Mask licence keys").click();
    await shows(page, "Mask licence keys", false);
    await toggle(page, "Assignment changes").click();
    await shows(page, "Assignment changes", false);
    // Saved: each change waits for its answer before the reload.
    await until(
      () =>
        page.evaluate(async () => {
          const response = await fetch("/api/preferences");
          const saved = await response.json();
          return saved.maskLicenseKeys === false && saved.assignmentChangeAlerts === false;
        }),
      "the server has both changes",
    );

    await page.reload();
    await shows(page, "Mask licence keys", false);
    await shows(page, "Assignment changes", false);
    await shows(page, "Licence expiration alerts", true);
  });

  it("show licence keys unmasked when masking is off, and masked again when it is back on", async () => {
    const page = await e2e.pageAs(await newUser("admin"));
    const firstKey = () => page.getByRole("main").getByTestId("license-key").first();
    const keyIsMasked = async () => /X{4}/.test((await firstKey().textContent()) ?? "");

    await page.goto(e2e.url("/licenses"));
    await visible(firstKey());
    await until(keyIsMasked, "the key is masked");

    await openSettings(page);
    await toggle(page, "Mask licence keys").click();
    await shows(page, "Mask licence keys", false);
    await page.goto(e2e.url("/licenses"));
    await visible(firstKey());
    await until(async () => !(await keyIsMasked()), "the key is shown in clear");

    await openSettings(page);
    await toggle(page, "Mask licence keys").click();
    await shows(page, "Mask licence keys", true);
    await page.goto(e2e.url("/licenses"));
    await visible(firstKey());
    await until(keyIsMasked, "the key is masked again");
  });

  it("open the two-factor setup from the switch, which stays off when cancelled", async () => {
    const page = await e2e.pageAs(await newUser());
    await openSettings(page);
    await shows(page, "Enable two-factor authentication", false);
    await toggle(page, "Enable two-factor authentication").click();
    const dialog = page.getByRole("dialog", { name: "Set up two-factor authentication" });
    await visible(dialog);
    await visible(dialog.getByTestId("totp-secret"));
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await hidden(dialog);
    await shows(page, "Enable two-factor authentication", false);
  });

  it("say so when they cannot be loaded", async () => {
    const page = await e2e.pageAs(await newUser());
    await page.route("**/api/preferences", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ code: "DATABASE_UNAVAILABLE", message: "The database is down" }),
      }),
    );
    await openSettings(page);
    await visible(page.getByText(/^Failed to load your settings\./));
    expect(await toggle(page, "Mask licence keys").isDisabled()).toBe(true);
    await page.unroute("**/api/preferences");
    await page.getByRole("button", { name: "Try again", exact: true }).click();
    await shows(page, "Mask licence keys", true);
  });
});
