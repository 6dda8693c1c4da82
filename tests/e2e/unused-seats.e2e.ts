// Unused seats in Chromium (issue 33 item 5): the dashboard's Needs Attention line (counts, the
// saving in the display currency, links to the filtered lists), and the Unused toggles of office
// accounts, G Suite accounts and Licenses kept in the URL, at phone and desktop widths (axe checks each state through
// setupE2e). The summary is answered in the page (sign-ins come from a workspace sync, which the
// demo database has not run); the lists are the server's: with no sign-in known, none is unused.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMoney } from "@/domain/money/format";
import type { LicenseResponse } from "@/domain/schemas/licenses";
import type { UserResponse } from "@/domain/schemas/users";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { emptySummary, isSummaryCall } from "../support/dashboard-summary";
import { setupE2e } from "../support/e2e";
import { adminApi, hidden, until, visible, waitForCount } from "../support/e2e-ui";

const e2e = setupE2e();

/** The page does not scroll sideways at its width. */
const fitsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("unused seats", () => {
  it.each([360, 1280])("are on Needs Attention and filter the lists, at %i px", async (width) => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.setViewportSize({ width, height: 900 });
    const summary = {
      ...emptySummary(1),
      unusedSeats: {
        seats: 2,
        officeAccounts: 1,
        gsuiteAccounts: 1,
        total: 4,
        monthlySavings: { AUD: 150.5, USD: 99 },
        unusedAfterDays: 60,
      },
    };
    await page.route(isSummaryCall, (route) => route.fulfill({ json: summary }));
    await page.goto(e2e.url("/"));
    await page.getByRole("tab", { name: "Needs Attention", exact: true }).click();
    const line = page.getByTestId("unused-seats-line");
    await visible(line);
    const text = (await line.textContent()) ?? "";
    expect(text).toContain("2 license seats, 1 office account, 1 G Suite account unused");
    // In whichever display currency is chosen, the figure for it.
    const shown = [formatMoney(150.5, "AUD"), formatMoney(99, "USD")].filter((money) =>
      text.includes(money),
    );
    expect(shown).toHaveLength(1);
    await visible(page.getByText("Holders suspended or not signed in for 60 days."));

    await page.getByRole("link", { name: "Unused G Suite accounts", exact: true }).click();
    await until(async () => new URL(page.url()).pathname === "/gsuite-accounts", "G Suite page");
    const toggle = page.getByRole("button", { name: "Unused", exact: true });
    await visible(toggle);
    // The URL changes before the page renders it: the toggle is pressed once it has.
    await until(
      async () => (await toggle.getAttribute("aria-pressed")) === "true",
      "the G Suite toggle pressed",
    );
    await visible(page.getByText("No G Suite accounts found.", { exact: true }));
    await toggle.click();
    await until(
      async () => new URL(page.url()).searchParams.get("unused") === null,
      "the filter off in the URL",
    );
    await hidden(page.getByText("No G Suite accounts found.", { exact: true }));

    // MS Office Accounts, from Needs Attention: none unused without sign-ins; off, every account.
    await page.goto(e2e.url("/"));
    await page.getByRole("tab", { name: "Needs Attention", exact: true }).click();
    await page.getByRole("link", { name: "Unused office accounts", exact: true }).click();
    await until(async () => {
      const url = new URL(page.url());
      return url.pathname === "/accounts" && url.searchParams.get("unused") === "true";
    }, "the office accounts filtered in the URL");
    const officeToggle = page.getByRole("button", { name: "Unused", exact: true });
    await visible(officeToggle);
    await until(
      async () => (await officeToggle.getAttribute("aria-pressed")) === "true",
      "the office toggle pressed",
    );
    const noAccounts = page.getByText("No accounts found.", { exact: true });
    await visible(noAccounts);
    expect(await fitsSideways(page)).toBe(true);
    await officeToggle.click();
    await until(
      async () => new URL(page.url()).searchParams.get("unused") === null,
      "the office filter off in the URL",
    );
    await until(
      async () => (await officeToggle.getAttribute("aria-pressed")) === "false",
      "the office toggle released",
    );
    await hidden(noAccounts);
    expect(await fitsSideways(page)).toBe(true);

    await page.goto(e2e.url("/licenses"));
    const licenseToggle = page.getByRole("button", { name: "Unused", exact: true });
    await visible(licenseToggle);
    expect(await licenseToggle.getAttribute("aria-pressed")).toBe("false");
    await licenseToggle.click();
    await until(
      async () => new URL(page.url()).searchParams.get("unused") === "true",
      "the filter in the URL",
    );
    await until(
      async () => (await licenseToggle.getAttribute("aria-pressed")) === "true",
      "the toggle pressed",
    );

    // License Assignments: the cards of licenses with an unused seat; none without sign-ins.
    await page.goto(e2e.url("/assignments"));
    const cardsToggle = page.getByRole("button", { name: "Unused", exact: true });
    await visible(cardsToggle);
    await cardsToggle.click();
    await until(
      async () => new URL(page.url()).searchParams.get("unused") === "true",
      "the cards' filter in the URL",
    );
    // The URL changes before the page renders it: the toggle is pressed once it has.
    await until(
      async () => (await cardsToggle.getAttribute("aria-pressed")) === "true",
      "the cards' toggle pressed",
    );
  });
});

describe("unused seats as an ordinary user", () => {
  it.each([360, 1280])("are not offered on the licenses page, at %i px", async (width) => {
    // Her own license, held with no sign-in known: listed unless the Unused filter applied.
    const api = await adminApi(e2e.baseUrl);
    const jane = (await api<UserResponse[]>("GET", "/api/users")).find(
      (person) => person.username === DEMO_USER,
    )!;
    const name = `E2E Jane's Unused Check ${width} ${Math.random().toString(36).slice(2, 7)}`;
    const license = await api<LicenseResponse>("POST", "/api/licenses", {
      name,
      licenseKey: `JANE-${width}-${Date.now()}`,
      totalSeats: 10,
    });
    await api("POST", "/api/assignments", { licenseId: license.id, userId: jane.id });

    const page = await e2e.pageAs(DEMO_USER);
    await page.setViewportSize({ width, height: 900 });
    // An administrator's link: the filters in it are not hers, so they narrow nothing.
    await page.goto(e2e.url("/licenses?lowSeats=true&unused=true"));
    await visible(
      page.getByRole("heading", { level: 2, name: "Your Software Licenses", exact: true }),
    );
    await visible(page.getByText(name, { exact: true }).first());
    await waitForCount(page.getByRole("button", { name: "Low on seats", exact: true }), 0);
    await waitForCount(page.getByRole("button", { name: "Unused", exact: true }), 0);
  });
});
