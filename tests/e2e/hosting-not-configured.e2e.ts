// Hosting Resources without a DigitalOcean token (spec part 2, 'Hosting'): the status says so, a
// notice says the hosting API key must be configured, both fetch buttons are disabled, and the
// demo costs are still shown; with no costs, the known droplets with 'No data' and a hint; and
// each call's error line when the server fails.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HOSTING_NOT_CONFIGURED_MESSAGE } from "@/domain/schemas/hosting";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { visible, waitForCount } from "../support/e2e-ui";

const e2e = setupE2e();

async function openPage(page: Page) {
  await page.goto(e2e.url("/hosting"));
  await visible(page.getByRole("heading", { level: 2, name: "Hosting Resources", exact: true }));
}

const statusCard = (page: Page) => page.getByRole("region", { name: "API Status" });
const costsCard = (page: Page) => page.getByRole("region", { name: "Droplet Costs" });
const buttons = (page: Page) => [
  page.getByRole("button", { name: "Fetch This & Last Month", exact: true }),
  page.getByRole("button", { name: "Fetch Previous Month", exact: true }),
];

describe("the hosting page without a token", () => {
  it("says the API key must be configured and disables both fetch buttons", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page);
    await visible(statusCard(page).getByText("Not configured", { exact: true }));
    await visible(
      page.getByRole("note").getByText(HOSTING_NOT_CONFIGURED_MESSAGE, { exact: true }),
    );
    for (const button of buttons(page)) {
      await visible(button);
      expect(await button.isDisabled()).toBe(true);
    }
    // What was imported before is still there.
    await visible(costsCard(page).getByRole("heading", { level: 4 }).first());
    await visible(
      costsCard(page)
        .getByText(/^Monthly total: /)
        .first(),
    );
  });

  it("lists the known droplets with 'No data' and a hint when there are no costs", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.route("**/api/hosting/costs", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: "[]" }),
    );
    await openPage(page);
    await visible(costsCard(page).getByText("7 droplets", { exact: true }));
    await visible(costsCard(page).getByText(/^No cost data yet\./));
    const rows = costsCard(page).getByRole("table", { name: "Known droplets" }).getByRole("row");
    await waitForCount(rows, 8);
    await visible(rows.filter({ hasText: "web-prod-01" }).getByText("No data", { exact: true }));
    // No chart without costs.
    await waitForCount(page.getByRole("img", { name: /^Monthly totals/ }), 0);
  });

  it("shows each call's error line when the server fails", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const failure = {
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({
        code: "INTERNAL_ERROR",
        message: "Something went wrong on the server",
      }),
    };
    for (const call of ["status", "summary", "costs", "droplets"]) {
      await page.route(`**/api/hosting/${call}`, (route) => route.fulfill(failure));
    }
    await openPage(page);
    for (const text of [
      "Error checking API status",
      "Error loading summary",
      "Error loading costs",
    ]) {
      await visible(page.getByRole("alert").getByText(text, { exact: true }));
    }
  });
});
