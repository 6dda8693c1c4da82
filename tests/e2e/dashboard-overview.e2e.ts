// The dashboard's Overview beyond the license lists (spec part 1, section 2.6), in Chromium with
// the demo data: the overview cards by role, Hardware Status, Office Accounts with the monthly
// expense in both display currencies, the Hardware Inventory table (Assign for administrators,
// 'Assigned to You' for users), the user list card, the quick actions by role (Request Hardware
// opening the request dialog), and the empty states. Expected figures are worked out from the
// areas' own list calls, not from the summary the page reads.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatCount, formatMoney } from "@/client/lib/format";
import { officeAccountsMonthlyExpense } from "@/domain/dashboard-figures";
import { isHardwareOffered } from "@/domain/hardware-status";
import { hardwareTypeLabel } from "@/domain/hardware-types";
import { DEFAULT_CURRENCY_RATES } from "@/domain/money/rates";
import type { AccountResponse } from "@/domain/schemas/accounts";
import type { HardwareResponse } from "@/domain/schemas/hardware";
import { apiLogin, DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { emptySummary, isSummaryCall } from "../support/dashboard-summary";
import { setupE2e } from "../support/e2e";
import {
  adminApi,
  callApi,
  expectToast,
  hidden,
  until,
  visible,
  waitForCount,
} from "../support/e2e-ui";

const e2e = setupE2e();
const table = (page: Page, name: string) => page.getByRole("table", { name, exact: true });
const bodyRows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const card = (page: Page, title: string) =>
  page.locator("[data-slot=card]").filter({
    has: page.getByRole("heading", { level: 3, name: title, exact: true }),
  });
const statCard = (page: Page, title: string) =>
  page.getByRole("main").getByRole("link").filter({ hasText: title });

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

async function textIs(locator: Locator, pattern: RegExp) {
  await until(async () => pattern.test((await locator.textContent()) ?? ""), `${pattern}`);
}

async function apiAs(username: string) {
  const cookie = `qm_session=${await apiLogin(e2e.baseUrl, username)}`;
  return async <T>(path: string) => {
    const answer = await callApi(e2e.baseUrl, cookie, "GET", path);
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status}`);
    return answer.body as T;
  };
}

/**
 * The items offered (free and in service) in the hardware list's own order (name, then id), as
 * the inventory has them.
 */
async function freeHardware(username: string) {
  const get = await apiAs(username);
  const items = await get<HardwareResponse[]>("/api/hardware?view=available&sort=name&limit=500");
  return items.filter(isHardwareOffered);
}

const location = (item: HardwareResponse) => item.location ?? "—";
const freeStatus = (item: HardwareResponse) =>
  item.status === "active" ? "Available" : item.status[0]!.toUpperCase() + item.status.slice(1);

describe("the Overview as an administrator", () => {
  it("shows the four cards, Hardware Status, and Office Accounts with the monthly expense in both currencies", async () => {
    // The demo has no accessory: add one, so the 'Accessories' label is on screen.
    const api = await adminApi(e2e.baseUrl);
    await api("POST", "/api/hardware", {
      name: "Anker USB-C Hub",
      type: "accessory",
      identifier: "E2E-ACC-0001",
      location: "IT Storage",
      status: "active",
    });
    const get = await apiAs(DEMO_ADMIN);
    const hardware = await get<HardwareResponse[]>("/api/hardware?limit=500");
    const accounts = await get<AccountResponse[]>("/api/accounts?limit=500");
    const users = await get<unknown[]>("/api/users?limit=500");
    // Available is the spec's figure: nobody holds it (the inventory's rows are only those in
    // service, freeHardware above).
    const held = hardware.filter((item) => item.assignedToUserId !== null).length;
    const free = hardware.length - held;
    const active = accounts.filter((account) => account.status === "active");
    const expense = officeAccountsMonthlyExpense(
      active.flatMap((account) =>
        account.paymentAmount === null
          ? []
          : [{ currency: account.paymentCurrency, amount: account.paymentAmount }],
      ),
      DEFAULT_CURRENCY_RATES,
    );
    expect(expense.AUD).toBeGreaterThan(0);

    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/"));
    const count = (n: number) => formatCount(n);
    await textIs(
      statCard(page, "Hardware Items"),
      new RegExp(`Hardware Items\\s*${count(hardware.length)}\\s*View all`),
    );
    await textIs(
      statCard(page, "Office Accounts"),
      new RegExp(`Office Accounts\\s*${count(accounts.length)}\\s*View all`),
    );
    await textIs(
      statCard(page, "Team Members"),
      new RegExp(`Team Members\\s*${count(users.length)}\\s*View all`),
    );
    expect(await statCard(page, "Team Members").getAttribute("href")).toBe("/users");
    expect(await statCard(page, "Hardware Items").getAttribute("href")).toBe("/hardware");
    expect(await statCard(page, "Office Accounts").getAttribute("href")).toBe("/accounts");
    expect(await statCard(page, "Total Licenses").getAttribute("href")).toBe("/licenses");

    const status = card(page, "Hardware Status");
    await textIs(status, new RegExp(`Available\\s*${free} of ${hardware.length}`));
    await textIs(status, new RegExp(`Assigned\\s*${held} of ${hardware.length}`));
    // Count by type, the accessory type ('peripheral') labelled Accessories.
    const byType = new Map<string, number>();
    for (const item of hardware) byType.set(item.type, (byType.get(item.type) ?? 0) + 1);
    const typeList = status.getByRole("list", { name: "Hardware by type" });
    await waitForCount(typeList.getByRole("listitem"), byType.size);
    const shown = (await typeList.getByRole("listitem").allTextContents()).sort();
    const expected = [...byType].map(
      ([type, n]) => `${type === "peripheral" ? "Accessories" : hardwareTypeLabel(type)}${n}`,
    );
    expect(shown).toEqual(expected.sort());
    expect(shown).toContain(`Accessories${byType.get("peripheral")}`);

    const office = card(page, "Office Accounts");
    await textIs(
      office,
      new RegExp(`Active Accounts\\s*${active.length}\\s*of ${accounts.length}`),
    );
    // The display currency is AUD by default; the top bar's toggle switches it to USD.
    const money = (value: number, currency: "AUD" | "USD") =>
      formatMoney(value, currency).replace(/[$.]/g, "\\$&");
    await textIs(office, new RegExp(`Monthly Expense\\s*${money(expense.AUD, "AUD")}`));
    await page.getByRole("banner").getByRole("button", { name: /AUD/ }).click();
    await textIs(office, new RegExp(`Monthly Expense\\s*${money(expense.USD, "USD")}`));
  });

  it("lists 8 available items, and assigning one from there takes it out of the table", async () => {
    const expected = (await freeHardware(DEMO_ADMIN)).slice(0, 9);
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/"));
    await visible(table(page, "Hardware Inventory"));
    const headers = await table(page, "Hardware Inventory").locator("th").allTextContents();
    expect(headers).toEqual(["Name", "Type", "Location", "Status", "Actions"]);
    expect(await cellTexts(page, "Hardware Inventory", 8)).toEqual(
      expected
        .slice(0, 8)
        .map((item) => [
          item.name,
          hardwareTypeLabel(item.type),
          location(item),
          freeStatus(item),
          "Assign",
        ]),
    );

    const first = expected[0]!;
    await page
      .getByRole("button", { name: `Assign ${first.name}`, exact: true })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Assign Hardware Item", exact: true });
    await visible(dialog);
    const submit = dialog.getByRole("button", { name: "Assign", exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole("combobox", { name: "User" }).fill("priya");
    await dialog.getByRole("option", { name: /Priya Sharma/ }).click();
    await until(
      async () => !(await submit.isDisabled()),
      "Assign is enabled once a user is chosen",
    );
    await submit.click();
    await expectToast(page, "Hardware assigned", "Hardware successfully assigned to Priya Sharma.");
    await hidden(dialog);

    // The table refreshes: the item is gone and the ninth free item moves up.
    await until(
      async () =>
        (await bodyRows(page, "Hardware Inventory").locator("td:first-child").allTextContents())
          .map((text) => text.trim())
          .join("|") ===
        expected
          .slice(1, 9)
          .map((item) => item.name)
          .join("|"),
      "the assigned item leaves the inventory",
    );
    const api = await adminApi(e2e.baseUrl);
    const saved = await api<HardwareResponse>("GET", `/api/hardware/${first.id}`);
    expect(saved.assignedToName).toBe("Priya Sharma");
    await api("PATCH", `/api/hardware/${first.id}`, { assignedToUserId: null });
  });

  it("says so when someone else took the item first (the server's 409 message)", async () => {
    const [item] = await freeHardware(DEMO_ADMIN);
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/"));
    await page
      .getByRole("button", { name: `Assign ${item!.name}`, exact: true })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Assign Hardware Item", exact: true });
    await visible(dialog);
    // Another administrator gives it away while the dialog is open.
    const api = await adminApi(e2e.baseUrl);
    const users = await api<{ id: number; username: string }[]>("GET", "/api/users?search=marcus");
    const marcus = users.find((user) => user.username === "marcus")!;
    await api("PATCH", `/api/hardware/${item!.id}`, { assignedToUserId: marcus.id });

    await dialog.getByRole("combobox", { name: "User" }).fill("priya");
    await dialog.getByRole("option", { name: /Priya Sharma/ }).click();
    await dialog.getByRole("button", { name: "Assign", exact: true }).click();
    await expectToast(page, "Error", "This hardware item is already assigned to someone else");
    const saved = await api<HardwareResponse>("GET", `/api/hardware/${item!.id}`);
    expect(saved.assignedToUserId).toBe(marcus.id);
    await api("PATCH", `/api/hardware/${item!.id}`, { assignedToUserId: null });
  });

  it("shows the newest people on the user list card", async () => {
    const get = await apiAs(DEMO_ADMIN);
    const users =
      await get<{ id: number; fullName: string | null; username: string }[]>(
        "/api/users?limit=500",
      );
    const newest = [...users].sort((a, b) => b.id - a.id).slice(0, 5);
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/"));
    const list = card(page, "Users").getByRole("list", { name: "Newest users" });
    await waitForCount(list.getByRole("listitem"), 5);
    const names = await list.locator("li p:first-child").allTextContents();
    expect(names).toEqual(newest.map((user) => user.fullName || user.username));
    expect(
      await card(page, "Users").getByRole("link", { name: "View all users" }).getAttribute("href"),
    ).toBe("/users");
  });

  it("offers the administrators' quick actions; Assign Hardware opens the assignment dialog", async () => {
    const [, , item] = await freeHardware(DEMO_ADMIN);
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/"));
    await page.getByRole("tab", { name: "Quick Actions", exact: true }).click();
    const panel = page.getByRole("tabpanel", { name: "Quick Actions" });
    await visible(panel.getByRole("button", { name: "Assign License", exact: true }));
    expect(await panel.getByRole("button").allTextContents()).toEqual([
      "Add Hardware",
      "Add License",
      "Add Account",
      "Add User",
      "Assign Hardware",
      "Assign License",
    ]);
    const opener = panel.getByRole("button", { name: "Assign Hardware", exact: true });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Assign Hardware Item", exact: true });
    await visible(dialog);
    expect(new URL(page.url()).pathname).toBe("/");
    const submit = dialog.getByRole("button", { name: "Assign", exact: true });
    // Assign waits for an item and a user.
    await dialog.getByRole("combobox", { name: "User" }).fill("priya");
    await dialog.getByRole("option", { name: /Priya Sharma/ }).click();
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole("combobox", { name: "Hardware Item" }).fill(item!.identifier);
    await dialog.getByRole("option", { name: new RegExp(item!.identifier) }).click();
    await until(async () => !(await submit.isDisabled()), "Assign is enabled with both chosen");
    await submit.click();
    await expectToast(page, "Hardware assigned", "Hardware successfully assigned to Priya Sharma.");
    await hidden(dialog);
    await until(
      async () => (await opener.evaluate((button) => button === document.activeElement)) === true,
      "focus returns to Assign Hardware",
    );
    const api = await adminApi(e2e.baseUrl);
    const saved = await api<HardwareResponse>("GET", `/api/hardware/${item!.id}`);
    expect(saved.assignedToName).toBe("Priya Sharma");
    await api("PATCH", `/api/hardware/${item!.id}`, { assignedToUserId: null });

    // Cancel closes it and assigns nothing.
    await opener.click();
    await visible(dialog);
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await hidden(dialog);
  });
});

describe("the Overview as an ordinary user", () => {
  it("jane sees her counts, her items labelled Assigned to You, and no expense, Assign or user list", async () => {
    const get = await apiAs(DEMO_USER);
    const mine = await get<HardwareResponse[]>("/api/hardware?view=assigned&sort=name&limit=500");
    const accounts = await get<AccountResponse[]>("/api/accounts?limit=500");
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(4);
    const free = await freeHardware(DEMO_USER);

    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/"));
    await textIs(
      statCard(page, "My Hardware"),
      new RegExp(`My Hardware\\s*${mine.length}\\s*View all`),
    );
    await textIs(
      statCard(page, "Office Accounts"),
      new RegExp(`Office Accounts\\s*${accounts.length}\\s*View all`),
    );
    expect(await statCard(page, "Team Members").count()).toBe(0);

    await visible(table(page, "Hardware Inventory"));
    const headers = await table(page, "Hardware Inventory").locator("th").allTextContents();
    expect(headers).toEqual(["Name", "Type", "Location", "Status"]);
    expect(await cellTexts(page, "Hardware Inventory", 4)).toEqual([
      ...mine.map((item) => [
        item.name,
        hardwareTypeLabel(item.type),
        location(item),
        "Assigned to You",
      ]),
      ...free
        .slice(0, 4 - mine.length)
        .map((item) => [item.name, hardwareTypeLabel(item.type), location(item), freeStatus(item)]),
    ]);
    expect(await table(page, "Hardware Inventory").getByRole("button").count()).toBe(0);

    const office = card(page, "Office Accounts");
    await textIs(office, /Active Accounts/);
    expect(await office.getByText("Monthly Expense").count()).toBe(0);
    await visible(card(page, "Hardware Status"));
    await textIs(card(page, "Hardware Status"), new RegExp(`Assigned to You\\s*${mine.length} of`));
    expect(await card(page, "Users").count()).toBe(0);
  });

  it("Request Hardware opens the hardware request dialog", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/"));
    await page.getByRole("tab", { name: "Quick Actions", exact: true }).click();
    const panel = page.getByRole("tabpanel", { name: "Quick Actions" });
    await visible(panel.getByRole("button", { name: "Request Hardware", exact: true }));
    expect(await panel.getByRole("button").allTextContents()).toEqual([
      "View My Licenses",
      "View My Hardware",
      "Office Accounts",
      "Settings",
      "Request Hardware",
    ]);
    await panel.getByRole("button", { name: "Request Hardware", exact: true }).click();
    await visible(page.getByRole("dialog", { name: "Request Hardware" }));
    expect(new URL(page.url()).pathname).toBe("/hardware");
  });
});

describe("the Overview's empty and failed states", () => {
  it("says so in each card when there is nothing yet", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.route(isSummaryCall, (route) => route.fulfill({ json: emptySummary() }));
    await page.goto(e2e.url("/"));
    await visible(card(page, "Hardware Status").getByText("No hardware found.", { exact: true }));
    await visible(card(page, "Office Accounts").getByText("No accounts found.", { exact: true }));
    await visible(
      card(page, "Hardware Inventory").getByText("No available hardware.", { exact: true }),
    );
    await visible(card(page, "Users").getByText("No users found.", { exact: true }));
    await textIs(statCard(page, "Hardware Items"), /Hardware Items\s*0\s*View all/);
  });

  it("says which part failed, with the server's reason, and loads on Try again", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.route(isSummaryCall, (route) =>
      route.fulfill({ status: 503, json: { message: "Database unavailable" } }),
    );
    await page.goto(e2e.url("/"));
    const hardwareAlert = page
      .getByRole("alert")
      .filter({ hasText: "Failed to load hardware. Please try again." })
      .first();
    await visible(hardwareAlert);
    await visible(hardwareAlert.getByText("Database unavailable", { exact: true }));
    await visible(
      page.getByRole("alert").filter({ hasText: "Failed to load accounts. Please try again." }),
    );
    await page.unroute(isSummaryCall);
    await hardwareAlert.getByRole("button", { name: "Try again", exact: true }).click();
    await waitForCount(bodyRows(page, "Hardware Inventory"), 4);
  });
});
