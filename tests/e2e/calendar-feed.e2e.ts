// The Calendar feed card in Settings (issue 16): create shows the private address with a copy
// button, the address serves an iCalendar document without a cookie, a reload no longer shows the
// address but says a feed is active, revoke (confirmed, keyboard and focus checked) ends it, and
// creating again gives a new address.
import ICAL from "ical.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, expectFocus, expectToast, hidden, until, visible } from "../support/e2e-ui";

const e2e = setupE2e();
const unique = () => Math.random().toString(36).slice(2, 8);
const FEED_URL = /^http:\/\/[^/]+\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/;

/** A new person, so the feed is theirs alone. */
async function newUser() {
  const api = await adminApi(e2e.baseUrl);
  const username = `feed${unique()}`;
  await api("POST", "/api/users", { username, password: DEMO_PASSWORD, role: "user" });
  return username;
}

async function openSettings(page: Page) {
  await page.goto(e2e.url("/settings"));
  await visible(page.getByRole("heading", { name: "Calendar feed" }));
}

const button = (page: Page, name: string) =>
  page.getByRole("main").getByRole("button", { name, exact: true });
const address = (page: Page) => page.getByRole("textbox", { name: "Feed URL" });

describe("the calendar feed card", () => {
  it("creates a private address, copies it, and the address serves the calendar", async () => {
    const page = await e2e.pageAs(await newUser());
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: new URL(e2e.baseUrl).origin,
    });
    await openSettings(page);
    await button(page, "Create feed URL").click();
    await visible(address(page));
    const url = await address(page).inputValue();
    expect(url).toMatch(FEED_URL);
    await expectToast(page, "Calendar feed created", null);

    await button(page, "Copy").click();
    await expectToast(page, "Feed URL copied", null);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // A calendar client: no cookie.
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    expect(calendar.name).toBe("vcalendar");

    // After a reload the address is not shown again; the card says a feed is active.
    await page.reload();
    await visible(page.getByText(/^A feed address is active since/));
    expect(await address(page).count()).toBe(0);
    await visible(button(page, "Create new feed URL"));
  });

  it("revokes the address after a confirmation, by keyboard, and a new one differs", async () => {
    const page = await e2e.pageAs(await newUser());
    await openSettings(page);
    await button(page, "Create feed URL").click();
    await visible(address(page));
    const first = await address(page).inputValue();

    // Cancelling returns focus to the button that opened the confirmation.
    await button(page, "Revoke feed").focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Revoke calendar feed?" });
    await visible(dialog);
    await page.keyboard.press("Escape");
    await hidden(dialog);
    await expectFocus(button(page, "Revoke feed"), "the Revoke feed button");
    expect((await fetch(first)).status).toBe(200);

    await button(page, "Revoke feed").click();
    await visible(dialog);
    await dialog.getByRole("button", { name: "Revoke", exact: true }).click();
    await hidden(dialog);
    await expectToast(page, "Calendar feed revoked", null);
    await visible(page.getByText(/^No feed yet\./));
    expect(await address(page).count()).toBe(0);
    await until(async () => (await fetch(first)).status === 404, "the old address is gone");

    await button(page, "Create feed URL").click();
    await visible(address(page));
    const second = await address(page).inputValue();
    expect(second).toMatch(FEED_URL);
    expect(second).not.toBe(first);
    expect((await fetch(second)).status).toBe(200);
    expect((await fetch(first)).status).toBe(404);
  });
});
