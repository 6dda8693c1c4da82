// E-mail reminders on the Settings page (issue 16): the message when the server has no mail
// settings, each person's reminder choices kept on the server, and the administrators' card with
// the days per kind and the delivery status.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REMINDERS_OFF_MESSAGE } from "../../src/client/features/settings/reminder-mail-status";
import { setupE2e } from "../support/e2e";
import { expectFocus, expectToast, until, visible } from "../support/e2e-ui";
import {
  newSettingsUser,
  openSettingsPage,
  settingsSwitch,
  switchShows,
} from "../support/settings-page";

const e2e = setupE2e();
const newUser = (role?: "admin" | "user") => newSettingsUser(e2e, "rem", role);
const openSettings = (page: Page) => openSettingsPage(e2e, page);
const toggle = settingsSwitch;
const shows = switchShows;

const daysInput = (page: Page, kind: string) =>
  page.getByRole("textbox", { name: `${kind}: days before`, exact: true });

describe("reminder settings", () => {
  it("say reminders are off without mail settings, and keep each person's choices", async () => {
    const page = await e2e.pageAs(await newUser());
    await openSettings(page);
    await visible(page.getByRole("status").filter({ hasText: REMINDERS_OFF_MESSAGE }));
    await shows(page, "Daily digest", false);
    await shows(page, "Payment alerts", true);
    await shows(page, "Hardware warranty alerts", true);

    // By keyboard: focus the switch and press Space.
    await toggle(page, "Daily digest").focus();
    await page.keyboard.press("Space");
    await shows(page, "Daily digest", true);
    await toggle(page, "Payment alerts").click();
    await shows(page, "Payment alerts", false);
    await until(
      () =>
        page.evaluate(async () => {
          const saved = await (await fetch("/api/preferences")).json();
          return saved.reminderDigest === true && saved.paymentAlerts === false;
        }),
      "the server has both changes",
    );

    await page.reload();
    await shows(page, "Daily digest", true);
    await shows(page, "Payment alerts", false);
    await shows(page, "Hardware warranty alerts", true);
    // The administrators' card is not for them.
    expect(await page.getByRole("heading", { name: "E-mail Reminders" }).count()).toBe(0);
  });

  it("let an administrator set the days of one kind, and refuse what is not days", async () => {
    const page = await e2e.pageAs(await newUser("admin"));
    await openSettings(page);
    const input = daysInput(page, "Hardware warranty end");
    await visible(input);
    expect(await input.inputValue()).toBe("30, 15, 7");

    await input.fill("soon");
    await page.keyboard.press("Enter");
    await visible(page.getByRole("alert").filter({ hasText: "Type whole numbers of days" }));
    await expectFocus(input, "the days input keeps the focus");

    await input.fill("7, 60");
    await page.keyboard.press("Enter");
    await expectToast(page, "Reminder days saved", "Hardware warranty end");
    await until(
      async () => (await input.inputValue()) === "60, 7",
      "the saved days, largest first",
    );

    // The server checks too: more than a year ahead is refused with its message.
    await input.fill("400");
    await page.getByRole("button", { name: "Save Hardware warranty end days" }).click();
    await visible(page.getByRole("alert").filter({ hasText: "from 0 to 365" }));

    await page.reload();
    await visible(daysInput(page, "Hardware warranty end"));
    await until(
      async () => (await daysInput(page, "Hardware warranty end").inputValue()) === "60, 7",
      "the days are kept",
    );
    expect(await daysInput(page, "Licence expiry").inputValue()).toBe("30, 15, 7");
    await visible(page.getByText("No refused sends."));
  });
});
