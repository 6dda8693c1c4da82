// Hosting Resources in Chromium (spec part 2, 'Hosting'; issue 12) against the real server with
// a DigitalOcean token pointing at the stand-in: the demo costs grouped by month with the summary
// and the chart, a fetch that imports and says what, failing fetches reported as failures with
// the data left as it was, and an ordinary user sent away.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { todayIso } from "@/domain/dates";
import { monthLabel, monthOf, previousMonth } from "@/domain/hosting";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { sampleAccount, startDigitalOceanStandIn } from "../support/digitalocean-stand-in";
import { setupE2e } from "../support/e2e";
import { expectToast, until, visible, waitForCount } from "../support/e2e-ui";

const running = monthOf(todayIso("UTC"));
const previous = previousMonth(running);

const standIn = await startDigitalOceanStandIn();
afterAll(() => standIn.close());

const e2e = setupE2e({
  DIGITALOCEAN_TOKEN: standIn.token,
  DIGITALOCEAN_API_URL: standIn.url,
  // Long enough never to fire on a loaded machine while a test holds an answer.
  DIGITALOCEAN_TIMEOUT_SECONDS: "120",
  // The tests press the buttons; the daily refresh has its own tests (scheduler.test.ts).
  DIGITALOCEAN_DAILY_REFRESH: "false",
});

async function openPage(page: Page) {
  await page.goto(e2e.url("/hosting"));
  await visible(page.getByRole("heading", { level: 2, name: "Hosting Resources", exact: true }));
}

const statusCard = (page: Page) => page.getByRole("region", { name: "API Status" });
const costsCard = (page: Page) => page.getByRole("region", { name: "Droplet Costs" });
const monthSection = (page: Page, month: string) =>
  costsCard(page).getByRole("region", { name: monthLabel(month), exact: true });
const monthTotal = (page: Page, month: string) =>
  monthSection(page, month).getByText(/^Monthly total: /);
/** Waits for a toast with this title whose description matches. */
async function expectToastMatching(page: Page, title: string, description: RegExp) {
  const toast = page
    .locator("[data-sonner-toast]")
    .filter({ has: page.locator("[data-title]", { hasText: title }) });
  await until(
    async () =>
      description.test(
        (await toast
          .first()
          .locator("[data-description]")
          .textContent({ timeout: 1000 })
          .catch(() => null)) ?? "",
      ),
    `a toast '${title}' saying ${description}`,
  );
}

const latestButton = (page: Page) =>
  page.getByRole("button", { name: "Fetch This & Last Month", exact: true });
const previousButton = (page: Page) =>
  page.getByRole("button", { name: "Fetch Previous Month", exact: true });

describe("the hosting page with a token", () => {
  it("shows the costs by month, newest first, with the summary and the chart", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    // The chart (Recharts, SVG with inline styles) runs under the server's policy.
    const violations: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    page.on("console", (message) => {
      if (/CSP violation|Content Security Policy/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    await openPage(page);
    await visible(statusCard(page).getByText("Configured", { exact: true }));
    await visible(statusCard(page).getByText("No import has run yet.", { exact: true }));

    const summary = page.getByRole("region", { name: "Cost Summary" });
    for (const label of ["Current Month", "Projected Total", "Previous Month", "All-Time Total"]) {
      await visible(summary.getByText(label, { exact: true }));
    }
    await visible(summary.getByText(/^\w+ \d{4}: \d+ of \d+ days$/));
    await visible(summary.getByText(/(increase|decrease) from last month$/));

    // The demo has this month and the three before, newest first, each with its total.
    await visible(monthSection(page, running));
    const headings = costsCard(page).getByRole("heading", { level: 4 });
    await until(async () => {
      const texts = await headings.allTextContents();
      return texts[0] === monthLabel(running) && texts[1] === monthLabel(previous);
    }, "the newest months come first");
    await visible(monthTotal(page, previous));
    await visible(monthSection(page, previous).getByRole("row").filter({ hasText: "web-prod-01" }));
    await visible(page.getByRole("img", { name: /^Monthly totals: / }));
    await visible(page.getByTestId("monthly-totals-chart").locator("svg.recharts-surface"));
    expect(violations).toEqual([]);
    expect(await latestButton(page).isEnabled()).toBe(true);
    expect(await previousButton(page).isEnabled()).toBe(true);
  });

  it("fetches this and last month, says what it imported, and shows the new figures", async () => {
    standIn.heal();
    standIn.setAccount(sampleAccount(running, previous));
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page);
    await visible(monthSection(page, running));

    await latestButton(page).click();
    // The demo's rows of both months are replaced: how many depends on the demo data.
    await expectToastMatching(
      page,
      "Latest droplet costs fetched successfully",
      new RegExp(
        `^Imported ${monthLabel(running)} and ${monthLabel(previous)}: 4 droplets and \\d+ cost rows changed\\.$`,
      ),
    );
    // The running month is replaced by the invoice preview's droplets, to the cent.
    await visible(monthTotal(page, running).getByText("$21.39", { exact: true }));
    await visible(monthTotal(page, previous).getByText("$46.58", { exact: true }));
    await visible(monthSection(page, running).getByRole("row").filter({ hasText: "new-api" }));
    await visible(statusCard(page).getByText(/^Last import: .*\(manual, succeeded\)$/));

    // Fetching the previous month again changes nothing, and says so.
    await previousButton(page).click();
    await expectToast(
      page,
      "Previous month's droplet costs fetched successfully",
      `Imported ${monthLabel(previous)}: no changes.`,
    );
  });

  it("reports failing fetches as failures and leaves the costs as they were", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page);
    await visible(monthTotal(page, previous));
    const before = await monthTotal(page, previous).textContent();

    standIn.setAccount(sampleAccount(running, previous));
    standIn.fail({ kind: "status", status: 500 });
    await latestButton(page).click();
    await expectToast(
      page,
      "Error fetching costs",
      "DigitalOcean answered with a server error (HTTP 500) for /v2/customers/my/invoices. Try again later.",
    );
    await visible(statusCard(page).getByText("Error", { exact: true }));
    await visible(
      statusCard(page).getByText(
        "DigitalOcean answered with a server error (HTTP 500) for /v2/customers/my/invoices. Try again later.",
        { exact: true },
      ),
    );

    standIn.heal();
    standIn.fail({ kind: "status", status: 401 });
    // Still enabled after a failure, so the administrator can try again.
    await until(() => previousButton(page).isEnabled(), "the buttons are enabled again");
    await previousButton(page).click();
    await expectToast(page, "Error fetching previous month", "the DigitalOcean token was refused");
    await visible(
      statusCard(page).getByText("the DigitalOcean token was refused", { exact: true }),
    );
    await until(
      async () => (await monthTotal(page, previous).textContent()) === before,
      "the previous month's total is as it was",
    );
    standIn.heal();
  });

  it("disables both buttons while a fetch is pending", async () => {
    standIn.heal();
    standIn.setAccount(sampleAccount(running, previous));
    // DigitalOcean's first answer is held until the test has seen the buttons disabled.
    let release!: () => void;
    standIn.fail(
      { kind: "hold", until: new Promise<void>((resolve) => (release = resolve)) },
      { times: 1 },
    );
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page);
    await until(() => latestButton(page).isEnabled(), "the buttons are enabled");
    await latestButton(page).click();
    await visible(page.getByRole("button", { name: "Fetching…" }));
    expect(await previousButton(page).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Fetching…" }).isDisabled()).toBe(true);
    release();
    await expectToast(
      page,
      "Latest droplet costs fetched successfully",
      `Imported ${monthLabel(running)} and ${monthLabel(previous)}: no changes.`,
    );
    await until(() => latestButton(page).isEnabled(), "the buttons are enabled again");
  });

  it("sends an ordinary user away", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/hosting"));
    await until(async () => new URL(page.url()).pathname === "/", "redirected to /");
    await waitForCount(page.getByRole("heading", { name: "Hosting Resources" }), 0);
  });
});
