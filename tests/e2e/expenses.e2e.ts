// Expense Analysis and the expense calendar in Chromium against the real server with demo data
// (spec part 1, 2.10, 2.11 and 9): the totals and tables show the server's figures for each source
// filter in AUD and USD; the charts load only on this page; a table exports to CSV; the empty and
// error states; the calendar across a month change, a day's events and the keyboard; and an
// ordinary user is kept out. The browser's clock is fixed to "now" so the page's today is known.
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { todayIso } from "@/domain/dates";
import { NO_BUDGETS } from "@/domain/expenses/budgets";
import type {
  CalendarDayResponse,
  CalendarMonthResponse,
  ExpenseSummaryResponse,
} from "@/domain/expenses/schemas";
import { formatMoney } from "@/domain/money/format";
import { monthOf, shiftMonth } from "@/domain/money/months";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, expectFocus, hidden, until, visible, waitForCount } from "../support/e2e-ui";

const e2e = setupE2e();
const isSummary = (url: URL) => url.pathname === "/api/expenses/summary";
const NOW = new Date();
const TODAY = todayIso(undefined, NOW);

async function adminPage(path: string) {
  const page = await e2e.pageAs(DEMO_ADMIN);
  await page.clock.setFixedTime(NOW);
  await page.goto(e2e.url(path));
  await visible(page.getByRole("heading", { level: 2, name: "Expense Analysis", exact: true }));
  return page;
}

const total = (page: Page, title: string) => page.getByRole("status", { name: title });

async function expectTotals(page: Page, summary: ExpenseSummaryResponse) {
  const c = summary.currency;
  for (const [title, value] of [
    ["Monthly Expenses", formatMoney(summary.totals.monthly, c)],
    ["Yearly Expenses", formatMoney(summary.totals.yearly, c)],
    ["Upcoming (30 days)", formatMoney(summary.totals.upcoming30Days, c)],
    [
      "Average Cost per Seat",
      summary.totals.averageCostPerSeat === null
        ? "N/A"
        : formatMoney(summary.totals.averageCostPerSeat, c),
    ],
  ] as const) {
    await until(
      async () => (await total(page, title).textContent()) === value,
      `${title} shows ${value}`,
    );
  }
}

describe("Expense Analysis", () => {
  it("shows the server's totals and tables for each source filter, in AUD and in USD", async () => {
    const api = await adminApi(e2e.baseUrl);
    const page = await adminPage("/expenses");
    for (const currency of ["AUD", "USD"] as const) {
      await page
        .getByRole("group", { name: "Currency" })
        .getByRole("button", { name: currency, exact: true })
        .click();
      for (const [source, label] of [
        ["all", "All Sources"],
        ["licenses", "Licenses"],
        ["directories", "Directories"],
        ["gsuite", "G Suite"],
        ["hosting", "Hosting"],
      ] as const) {
        const summary = await api<ExpenseSummaryResponse>(
          "GET",
          `/api/expenses/summary?source=${source}&currency=${currency}&today=${TODAY}`,
        );
        await page
          .getByRole("group", { name: "Expense source" })
          .getByRole("button", { name: label, exact: true })
          .click();
        await expectTotals(page, summary);
        const regions = {
          licenses: "Licenses Expenses",
          directories: "Directories Expenses",
          gsuite: "G Suite Expenses",
          hosting: "Hosting Expenses",
        } as const;
        for (const [key, name] of Object.entries(regions)) {
          const section = summary[key as keyof typeof regions];
          await waitForCount(page.getByRole("region", { name, exact: true }), section ? 1 : 0);
        }
        if (summary.licenses && summary.licenses.rows.length > 0) {
          const first = summary.licenses.rows[0]!;
          const row = page.getByRole("table", { name: "License expenses" }).getByRole("row").nth(1);
          await until(
            async () =>
              (await row.textContent())?.includes(formatMoney(first.monthly, currency)) === true &&
              (await row.textContent())?.includes(first.name) === true,
            `the largest license ${first.name} first`,
          );
        }
      }
    }
  });

  it("loads the chart library only on this page", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const chunks: string[] = [];
    page.on("request", (request) => chunks.push(request.url()));
    await page.goto(e2e.url("/"));
    await visible(page.getByRole("link", { name: "Expenses" }).first());
    expect(chunks.some((url) => url.includes("expense-charts"))).toBe(false);
    await page.getByRole("link", { name: "Expenses" }).first().click();
    await visible(page.getByRole("region", { name: "Monthly spend by source" }));
    expect(chunks.some((url) => url.includes("expense-charts"))).toBe(true);
  });

  it("exports a table to CSV with every row the server holds", async () => {
    const api = await adminApi(e2e.baseUrl);
    const summary = await api<ExpenseSummaryResponse>(
      "GET",
      `/api/expenses/summary?source=directories&currency=AUD&today=${TODAY}`,
    );
    const page = await adminPage("/expenses?source=directories");
    await page
      .getByRole("group", { name: "Currency" })
      .getByRole("button", { name: "AUD", exact: true })
      .click();
    const button = page.getByRole("button", { name: "Export Directories expenses" });
    await visible(button);
    await button.click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "CSV", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`directories-expenses-${TODAY}.csv`);
    const text = fs.readFileSync((await download.path())!, "utf8");
    // The byte-order mark first, so Excel on Windows reads the file as UTF-8.
    expect(text.startsWith("\ufeff")).toBe(true);
    const lines = text.slice(1).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      "Name,Amount,Currency,Frequency (months),One-time,Monthly (AUD),Yearly (AUD),Next Payment",
    );
    expect(lines).toHaveLength(summary.directories!.count + 1);
  });

  it("shows each source's empty state, and a failure", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.clock.setFixedTime(NOW);
    const empty = { monthly: 0, yearly: 0, count: 0, rows: [] };
    await page.route(isSummary, (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({
          currency: "AUD",
          source: "all",
          today: TODAY,
          totals: { monthly: 0, yearly: 0, upcoming30Days: 0, averageCostPerSeat: 0 },
          licenses: { ...empty, totalSeats: 0 },
          directories: empty,
          gsuite: empty,
          hosting: { ...empty, month: null },
          byMonth: [],
          largest: [],
          budget: null,
        } satisfies ExpenseSummaryResponse),
      }),
    );
    await page.goto(e2e.url("/expenses"));
    await page
      .getByRole("group", { name: "Currency" })
      .getByRole("button", { name: "AUD", exact: true })
      .click();
    for (const text of [
      "No license expense data available",
      "No directory expense data available",
      "No G Suite expense data available",
      "No hosting expense data available",
    ]) {
      await visible(page.getByText(text, { exact: true }));
    }
    await visible(page.getByRole("button", { name: "Export Hosting expenses", disabled: true }));

    await page.unroute(isSummary);
    await page.route(isSummary, (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ message: "Database unavailable", code: "DATABASE_UNAVAILABLE" }),
      }),
    );
    await page
      .getByRole("group", { name: "Expense source" })
      .getByRole("button", { name: "Hosting", exact: true })
      .click();
    await visible(page.getByText("Failed to load expenses: Database unavailable"));
  });

  it("keeps an ordinary user out", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/expenses"));
    await until(async () => new URL(page.url()).pathname === "/", "redirected to /");
  });
});

describe("the expense calendar", () => {
  const monthName = (month: string) => {
    const [y, m] = month.split("-").map(Number) as [number, number];
    return new Date(y, m - 1, 1).toLocaleString("en-US", { month: "long", year: "numeric" });
  };

  async function expectSummary(page: Page, month: CalendarMonthResponse) {
    const summary = page.getByRole("region", { name: "Month summary" });
    const value = formatMoney(month.summary.amount, month.currency);
    await until(async () => {
      const text = (await summary.textContent()) ?? "";
      return (
        text.includes(`Payments${month.summary.payments}`) &&
        text.includes(`Expiries${month.summary.expiries}`) &&
        text.includes(`Renewals${month.summary.renewals}`) &&
        text.includes(`Total payments${value}`)
      );
    }, `the summary of ${month.month}`);
  }

  it("shows the month, changes month, and lists a day's events", async () => {
    const api = await adminApi(e2e.baseUrl);
    const current = monthOf(TODAY);
    const next = shiftMonth(current, 1);
    const [thisMonth, nextMonth] = await Promise.all(
      [current, next].map((month) =>
        api<CalendarMonthResponse>(
          "GET",
          `/api/expenses/calendar?month=${month}&currency=AUD&today=${TODAY}`,
        ),
      ),
    );
    const page = await adminPage("/expenses?tab=calendar");
    await page
      .getByRole("group", { name: "Currency" })
      .getByRole("button", { name: "AUD", exact: true })
      .click();
    await visible(page.getByRole("heading", { name: monthName(current) }));
    await expectSummary(page, thisMonth!);
    await visible(page.getByRole("region", { name: "Next Important Date" }));
    for (const legend of ["Payment", "Expiry", "Renewal"]) {
      await visible(page.getByRole("list", { name: "Legend" }).getByText(legend, { exact: true }));
    }

    await page.getByRole("button", { name: "Next month" }).click();
    await visible(page.getByRole("heading", { name: monthName(next) }));
    await expectSummary(page, nextMonth!);

    // A day of next month with events: its panel lists what the server lists.
    const busy = nextMonth!.days.find((day) => day.payments + day.expiries + day.renewals > 0);
    expect(busy, "the demo data has events next month").toBeDefined();
    const day = await api<CalendarDayResponse>(
      "GET",
      `/api/expenses/calendar/day?date=${busy!.date}&currency=AUD&today=${TODAY}`,
    );
    await page.locator(`[data-date="${busy!.date}"]`).click();
    const panel = page.getByRole("region", { name: "Day events" });
    const list = panel.getByRole("list");
    await waitForCount(list.getByRole("listitem"), Math.min(day.events.length, 100));
    // Each event with its name and its amount in the display currency, and the day's payments.
    const items = list.getByRole("listitem");
    for (const [index, event] of day.events.slice(0, 3).entries()) {
      const amount = event.amount === null ? "—" : formatMoney(event.amount, "AUD");
      await until(async () => {
        const text = (await items.nth(index).textContent()) ?? "";
        return text.includes(event.name) && text.endsWith(amount);
      }, `${event.name} with ${amount}`);
    }
    await until(
      async () =>
        ((await panel.textContent()) ?? "").includes(
          `Payments due: ${formatMoney(day.amount, "AUD")}`,
        ),
      "the day's payments due",
    );

    await page.getByRole("button", { name: "Today", exact: true }).click();
    await visible(page.getByRole("heading", { name: monthName(current) }));
    await expectSummary(page, thisMonth!);
  });

  it("moves through days and months with the keyboard", async () => {
    const page = await adminPage("/expenses?tab=calendar");
    const grid = page.getByRole("grid");
    const selected = grid.locator('[aria-selected="true"]');
    await visible(selected);
    await until(async () => (await selected.getAttribute("data-date")) === TODAY, "today selected");
    await selected.focus();
    await page.keyboard.press("ArrowDown");
    const weekLater = (() => {
      const [y, m, d] = TODAY.split("-").map(Number) as [number, number, number];
      const date = new Date(y, m - 1, d + 7, 12);
      return todayIso(undefined, date);
    })();
    await until(
      async () =>
        (await page.evaluate(() => document.activeElement?.getAttribute("data-date"))) ===
        weekLater,
      "focus a week later",
    );
    await page.keyboard.press("PageDown");
    await visible(
      page.getByRole("heading", { name: monthName(shiftMonth(monthOf(weekLater), 1)) }),
    );
    await until(
      async () =>
        (await page.evaluate(() => document.activeElement?.getAttribute("aria-selected"))) ===
        "true",
      "the focused day is the selected one",
    );
    // One day of the grid is in the tab order.
    await waitForCount(grid.locator('[tabindex="0"]'), 1);
  });
});

describe("monthly budgets", () => {
  it.each([360, 1280])(
    "are set in a dialog and shown against this month's spend, at %i px",
    async (width) => {
      const api = await adminApi(e2e.baseUrl);
      await api("PUT", "/api/budgets", NO_BUDGETS);
      const page = await e2e.pageAs(DEMO_ADMIN);
      await page.setViewportSize({ width, height: 900 });
      await page.clock.setFixedTime(NOW);
      await page.goto(e2e.url("/expenses"));
      const card = page.getByRole("region", { name: "Monthly budget" });
      await visible(card.getByText("No budget is set."));

      const opener = card.getByRole("button", { name: "Set budgets" });
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Monthly Budgets" });
      await dialog.getByLabel("Overall").fill("1000000");
      await dialog.getByLabel("Hosting").fill("-5");
      await dialog.getByRole("button", { name: "Save Budgets" }).click();
      await visible(
        dialog.getByText("A budget must be an amount greater than 0, or empty for none"),
      );
      expect((await api<typeof NO_BUDGETS>("GET", "/api/budgets")).total).toBeNull();

      await dialog.getByLabel("Hosting").fill("");
      await dialog.getByLabel("Licenses").fill("0.01");
      await dialog.getByRole("button", { name: "Save Budgets" }).click();
      await hidden(dialog);
      await expectFocus(opener, "the Set budgets button");
      expect(await api("GET", "/api/budgets")).toEqual({
        currency: "AUD",
        total: 1000000,
        bySource: { licenses: 0.01, directories: null, gsuite: null, hosting: null },
      });
      const summary = await api<ExpenseSummaryResponse>(
        "GET",
        `/api/expenses/summary?currency=AUD&today=${TODAY}`,
      );
      const licenseSpend = summary.byMonth.find((m) => m.month === monthOf(TODAY))!.licenses;
      await visible(
        card.getByText(`${formatMoney(licenseSpend, "AUD")} of ${formatMoney(0.01, "AUD")}`),
      );
      await visible(card.getByRole("meter", { name: "Overall budget used" }));
      await visible(card.getByRole("meter", { name: "Licenses budget used" }));
    },
  );
});
