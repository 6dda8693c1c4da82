// A calendar feed event for a day's many license expiries links to the Licenses list narrowed to
// that day (decision 0053): following it shows exactly those licenses, says which day, and one
// button goes back to every expiry date.
import ICAL from "ical.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "@/client/lib/format";
import { addDays, todayIso } from "@/domain/dates";
import { FEED_GROUP_NAMES } from "@/domain/schemas/calendar-feed";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, until, visible, waitForCount } from "../support/e2e-ui";

const e2e = setupE2e();
const unique = () => Math.random().toString(36).slice(2, 7).toUpperCase();

function licenseRow(page: Page, name: string) {
  return page
    .getByRole("table", { name: "Licenses", exact: true })
    .getByRole("row")
    .filter({ hasText: name });
}

describe("a calendar feed group's link", () => {
  it("opens the licenses expiring that day, and only those", async () => {
    const api = await adminApi(e2e.baseUrl);
    // A day no demo license expires on, with more expiries than a group names.
    const day = addDays(todayIso(), 333);
    const prefix = `Feed day ${unique()}`;
    const names = Array.from(
      { length: FEED_GROUP_NAMES + 2 },
      (_, i) => `${prefix} ${String(i).padStart(2, "0")}`,
    );
    for (const name of names) {
      await api("POST", "/api/licenses", { name, licenseKey: `K-${unique()}`, expiryDate: day });
    }
    const nextDay = `${prefix} next day`;
    await api("POST", "/api/licenses", {
      name: nextDay,
      licenseKey: `K-${unique()}`,
      expiryDate: addDays(day, 1),
    });

    const { url: feedUrl } = await api<{ url: string }>("POST", "/api/calendar-feed", {});
    const calendar = new ICAL.Component(ICAL.parse(await (await fetch(feedUrl)).text()));
    const group = calendar
      .getAllSubcomponents("vevent")
      .map((vevent) => new ICAL.Event(vevent))
      .find((event) => event.uid.startsWith(`group:license_expiry:${day}@`));
    expect(group?.summary).toBe(`${names.length} licenses expire`);
    expect(group!.description).toContain("…and 2 more:");
    const link = new URL(String(group!.component.getFirstPropertyValue("url")));

    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url(`${link.pathname}${link.search}`));
    await visible(page.getByText(`Expiring on ${formatCalendarDate(day)}`, { exact: true }));
    for (const name of names) await visible(licenseRow(page, name));
    await waitForCount(licenseRow(page, nextDay), 0);
    await waitForCount(
      page.getByRole("table", { name: "Licenses" }).getByRole("row"),
      1 + names.length,
    );

    // Back to every date: the filter leaves the URL.
    await page.getByRole("button", { name: "Every expiry date", exact: true }).click();
    await until(async () => !new URL(page.url()).search.includes("expiry"), "the filter cleared");
    await waitForCount(page.getByText(`Expiring on ${formatCalendarDate(day)}`), 0);
  });
});
