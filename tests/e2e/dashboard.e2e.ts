// The dashboard's license parts (spec part 1, section 2.6) in Chromium against the real server
// with demo data, which is seeded relative to today (src/server/seed/licenses.ts): the
// administrator's Recently Added Licenses, Needs Attention (with a renewal from there) and Renews
// Soon, and what an ordinary user (jane) does not see.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { greetingForHour } from "@/client/features/dashboard/greeting";
import { formatCalendarDate } from "@/client/lib/format";
import { addDays, todayIso } from "@/domain/dates";
import { defaultRenewalExpiry, nextOccurrence } from "@/domain/recurrence";
import type { LicenseResponse } from "@/domain/schemas/licenses";
import { apiLogin, DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { emptySummary, isSummaryCall } from "../support/dashboard-summary";
import { setupE2e } from "../support/e2e";
import { hidden, until, visible, waitForCount } from "../support/e2e-ui";

const e2e = setupE2e();
const table = (page: Page, name: string) => page.getByRole("table", { name, exact: true });
const bodyRows = (page: Page, name: string) => table(page, name).locator("tbody tr");

/** The text of every cell of every body row, once the table shows `count` rows. */
async function cellTexts(page: Page, name: string, count: number) {
  const rows = bodyRows(page, name);
  await waitForCount(rows, count);
  const texts: string[][] = [];
  for (const row of await rows.all()) {
    texts.push((await row.locator("td").allTextContents()).map((text) => text.trim()));
  }
  return texts;
}

async function expectToast(page: Page, title: string, description: string) {
  const toasts = page.locator("[data-sonner-toast]");
  await until(async () => {
    for (const toast of await toasts.all()) {
      const shownTitle = await toast.locator("[data-title]").textContent();
      const shownDescription = await toast.locator("[data-description]").textContent();
      if (shownTitle === title && shownDescription === description) return true;
    }
    return false;
  }, `a toast '${title}' / '${description}' shows`);
}

async function licensesFromApi(): Promise<LicenseResponse[]> {
  const cookie = `qm_session=${await apiLogin(e2e.baseUrl, DEMO_ADMIN)}`;
  const response = await fetch(`${e2e.baseUrl}/api/licenses`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/licenses: ${response.status}`);
  return (await response.json()) as LicenseResponse[];
}

const statCard = (page: Page, title: string) =>
  page.getByRole("main").getByRole("link").filter({ hasText: title });

describe("the dashboard as an administrator", () => {
  it("greets by time of day and lists the 3 newest licenses on Overview", async () => {
    const hourBefore = new Date().getHours();
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/"));

    const greeting = page.getByRole("heading", {
      level: 2,
      name: /^Good (morning|afternoon|evening), /,
    });
    await visible(greeting);
    const hourAfter = new Date().getHours();
    expect(
      [hourBefore, hourAfter].map((hour) => `${greetingForHour(hour)}, Alex Morgan`),
    ).toContain(await greeting.textContent());
    await visible(page.getByRole("button", { name: "View Profile", exact: true }));
    await visible(page.getByRole("tab", { name: "Needs Attention", exact: true }));
    await visible(page.getByRole("tab", { name: "Renews Soon", exact: true }));

    // Every seeded license counts.
    const total = statCard(page, "Total Licenses");
    await until(
      async () => /Total Licenses\s*16\s*View all/.test((await total.textContent()) ?? ""),
      "Total Licenses shows 16",
    );

    const today = todayIso();
    await visible(page.getByRole("heading", { name: "Recently Added Licenses", exact: true }));
    const headers = await table(page, "Recently Added Licenses").locator("th").allTextContents();
    expect(headers).toEqual(["Name", "Type", "Expiry Date", "Status", "Cost"]);
    // Created 12, 30 and 145 days ago; the next (205 days) and older ones are not listed.
    expect(await cellTexts(page, "Recently Added Licenses", 3)).toEqual([
      [
        "Grammarly Business",
        "Team",
        formatCalendarDate(addDays(today, 45)),
        "Active",
        "£150.00 / ann",
      ],
      [
        "LambdaTest Live",
        "Team",
        formatCalendarDate(addDays(today, 5)),
        "Expiring Soon",
        "$15.00 / wee",
      ],
      [
        "Semrush Guru",
        "Multi-User",
        formatCalendarDate(addDays(today, 220)),
        "Active",
        "$2,999.40 / ann",
      ],
    ]);
  });

  it("lists what needs attention with days-left badges, and a renewal there moves the expiry", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/"));
    await page.getByRole("tab", { name: "Needs Attention", exact: true }).click();
    await visible(table(page, "Needs Attention"));
    const headers = await table(page, "Needs Attention").locator("th").allTextContents();
    expect(headers).toEqual(["Name", "Type", "Expiry Date", "Days Left", "Actions"]);

    const today = todayIso();
    const date = (days: number) => formatCalendarDate(addDays(today, days));
    // Not auto-renewing, expired at most 30 days ago or expiring within 30 days, soonest first.
    // Left out: Jira (cancelled, expired 95 days ago), Grammarly (45 days), the auto-renewing
    // Adobe/Ahrefs/Slack (18, 9, 25 days) and licenses without an expiry date.
    expect(await cellTexts(page, "Needs Attention", 4)).toEqual([
      ["Figma Professional", "Team", date(-20), "Expired 20 days ago", "Renew"],
      ["Zoom Workplace Pro", "Multi-User", date(3), "3 days", "Renew"],
      ["LambdaTest Live", "Team", date(5), "5 days", "Renew"],
      ["Screaming Frog SEO Spider", "Multi-User", date(12), "12 days", "Renew"],
    ]);
    const variants = await bodyRows(page, "Needs Attention")
      .locator("[data-slot=badge]")
      .evaluateAll((badges) => badges.map((badge) => badge.getAttribute("data-variant")));
    expect(variants).toEqual(["destructive", "outline", "outline", "secondary"]);

    // Renew Zoom (quarterly, 3 days left) from the list: the dialog proposes a quarter later.
    await page.getByRole("button", { name: "Renew Zoom Workplace Pro", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Renew License", exact: true });
    await visible(dialog);
    const newExpiry = defaultRenewalExpiry(addDays(today, 3), "quarterly", today);
    expect(await dialog.getByLabel("New Expiry Date").inputValue()).toBe(newExpiry);
    expect(await dialog.getByLabel("Previous Expiry Date").inputValue()).toBe(date(3));
    expect(await dialog.getByLabel("Renewal Amount (AUD)").inputValue()).toBe("199.8");
    await dialog.getByRole("button", { name: "Renew License", exact: true }).click();
    await expectToast(
      page,
      "License renewed",
      "The renewal for Zoom Workplace Pro has been processed.",
    );
    await hidden(dialog);

    // The list refreshes: Zoom is no longer due, the others stay.
    expect((await cellTexts(page, "Needs Attention", 3)).map((cells) => cells[0])).toEqual([
      "Figma Professional",
      "LambdaTest Live",
      "Screaming Frog SEO Spider",
    ]);
    const zoom = (await licensesFromApi()).find((l) => l.name === "Zoom Workplace Pro");
    expect(zoom?.expiryDate).toBe(newExpiry);
  });

  it("lists the auto-renewing licenses due within 30 days on Renews Soon", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/"));
    await page.getByRole("tab", { name: "Renews Soon", exact: true }).click();
    await visible(table(page, "Renews Soon"));
    const headers = await table(page, "Renews Soon").locator("th").allTextContents();
    expect(headers).toEqual(["Name", "Type", "Renewal Date", "Days Until Renewal", "Payment"]);

    // The three monthly auto-renewing licenses renew on their purchase day of the month, always
    // within 30 days; 1Password Business (annual, bought 65 days ago) renews in about 300 days.
    const today = todayIso();
    const expected = [
      { name: "Adobe Creative Cloud All Apps", type: "Team", purchase: -540, pay: "A$134.99" },
      { name: "Ahrefs Standard", type: "Single-User", purchase: -410, pay: "$199.00" },
      { name: "Slack Pro", type: "Enterprise", purchase: -760, pay: "$262.50" },
    ]
      .map((license) => {
        const renewal = nextOccurrence(addDays(today, license.purchase), "monthly", today)!;
        return { ...license, renewal };
      })
      .sort((a, b) => a.renewal.localeCompare(b.renewal) || a.name.localeCompare(b.name));
    const daysUntil = (renewal: string) => {
      const days = Math.round(
        (Date.parse(`${renewal}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
      );
      return days === 0 ? "Today" : `${days} day${days === 1 ? "" : "s"}`;
    };
    expect(await cellTexts(page, "Renews Soon", 3)).toEqual(
      expected.map((license) => [
        license.name,
        license.type,
        formatCalendarDate(license.renewal),
        daysUntil(license.renewal),
        `${license.pay}Monthly`,
      ]),
    );
  });
});

describe("the dashboard's license lists when the list is empty or fails", () => {
  it("shows each list's empty state when there are no licenses", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.route(isSummaryCall, (route) => route.fulfill({ json: emptySummary(1) }));
    await page.goto(e2e.url("/"));
    await visible(page.getByText("No licenses have been added yet.", { exact: true }));
    await page.getByRole("tab", { name: "Needs Attention", exact: true }).click();
    await visible(page.getByText("Nothing needs attention in the next 30 days.", { exact: true }));
    await page.getByRole("tab", { name: "Renews Soon", exact: true }).click();
    await visible(page.getByText("No auto-renewals are due in the next 30 days.", { exact: true }));
    expect(await page.getByRole("table").count()).toBe(0);
  });

  it("says when the licenses cannot be loaded and tries again on request", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.route(isSummaryCall, (route) =>
      route.fulfill({ status: 503, json: { message: "Database unavailable" } }),
    );
    await page.goto(e2e.url("/"));
    const alert = page.getByRole("alert").filter({ hasText: "Failed to load licenses." });
    await visible(alert);
    await visible(alert.getByText("Database unavailable", { exact: true }));
    await page.unroute(isSummaryCall);
    await alert.getByRole("button", { name: "Try again", exact: true }).click();
    await cellTexts(page, "Recently Added Licenses", 3);
  });
});

describe("the dashboard's loading", () => {
  it("starts fetching the summary before the dashboard's code has arrived", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    let summaryRequested = false;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/dashboard/summary") summaryRequested = true;
    });
    // Hold the dashboard's chunk until the summary request has started (or 5 s have passed):
    // with the prefetch it starts meanwhile; without it, only once the chunk has run.
    let requestedWhileHeld: boolean | undefined;
    // The file named "dashboard" holds the page's own code (scripts/client-chunks.ts).
    await page.route(
      (url) => /\/assets\/dashboard-[\w-]{8}\.js$/.test(url.pathname),
      async (route) => {
        const deadline = Date.now() + 5_000;
        while (!summaryRequested && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        requestedWhileHeld = summaryRequested;
        await route.continue();
      },
    );
    await page.goto(e2e.url("/"));
    await cellTexts(page, "Recently Added Licenses", 3);
    expect(requestedWhileHeld).toBe(true);
  });

  it("says how many there are when Needs Attention or Renews Soon is capped", async () => {
    const [first, second] = await licensesFromApi();
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.route(
      (url) => url.pathname === "/api/dashboard/summary",
      (route) =>
        route.fulfill({
          json: {
            licenses: {
              total: 120,
              recentlyAdded: [first, second],
              needsAttention: {
                items: [
                  { license: first, daysLeft: 3 },
                  { license: second, daysLeft: 4 },
                ],
                total: 57,
              },
              renewsSoon: { items: [], total: 0 },
            },
            hardware: { total: 0, available: 0, assigned: 0, byType: [], inventory: [] },
            officeAccounts: { total: 0, byStatus: [], active: 0, monthlyExpense: null },
            users: { total: 1, newest: [] },
          },
        }),
    );
    await page.goto(e2e.url("/"));
    await page.getByRole("tab", { name: "Needs Attention", exact: true }).click();
    await cellTexts(page, "Needs Attention", 2);
    await visible(page.getByText("Showing 2 of 57", { exact: true }));
    await page.getByRole("tab", { name: "Renews Soon", exact: true }).click();
    await visible(page.getByText("No auto-renewals are due in the next 30 days.", { exact: true }));
    expect(await page.getByText(/^Showing \d+ of \d+$/).count()).toBe(0);
  });
});

describe("the dashboard as an ordinary user", () => {
  it("jane sees her own license count and no administrator lists", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/"));
    await visible(
      page.getByRole("heading", {
        level: 2,
        name: /^Good (morning|afternoon|evening), Jane Cooper$/,
      }),
    );
    // Her seats: Screaming Frog, Semrush, Slack and Grammarly. Once counted, the page has loaded.
    const mine = statCard(page, "My Licenses");
    await until(
      async () => /My Licenses\s*4\s*View all/.test((await mine.textContent()) ?? ""),
      "My Licenses shows 4",
    );
    await visible(page.getByRole("tab", { name: "Overview", exact: true }));
    await visible(page.getByRole("tab", { name: "Quick Actions", exact: true }));
    expect(await page.getByRole("tab").allTextContents()).toEqual(["Overview", "Quick Actions"]);
    // Her Hardware Inventory is the one table; no license tables.
    await visible(table(page, "Hardware Inventory"));
    expect(await page.getByRole("table").count()).toBe(1);
    expect(await page.getByText("Recently Added Licenses").count()).toBe(0);
  });
});
