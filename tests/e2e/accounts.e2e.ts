// MS Office Accounts in Chromium against the real server with demo data (spec part 2: 'Office
// Accounts', section 5 'Office account' and 'Account assignment', section 6, section 8).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { AccountResponse } from "@/domain/schemas/accounts";
import { DEMO_ACCOUNTS } from "@/server/seed/office-accounts";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import {
  adminApi,
  expectToast,
  hidden,
  UI_TIMEOUT,
  visible,
  waitForCount,
} from "../support/e2e-ui";

const e2e = setupE2e();

const COLUMNS = [
  "Email",
  "Password",
  "Provider",
  "Status",
  "Users",
  "Payment Info",
  "Renewal Date",
  "Actions",
];
const MASK = "••••••••";
const unique = () => Math.random().toString(36).slice(2, 8);

const table = (page: Page) => page.getByRole("table", { name: "Office accounts" });
const accountRow = (page: Page, email: string) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: email, exact: true }) });
const passwordOf = (page: Page, email: string) =>
  accountRow(page, email).getByTestId("account-password");

async function emailsShown(page: Page) {
  const cells = table(page).locator("tbody tr td:first-child");
  return (await cells.allTextContents()).map((text) => text.trim()).sort();
}

async function openAccounts(page: Page, query = "") {
  await page.goto(e2e.url(`/accounts${query}`));
  await visible(
    page
      .getByRole("banner")
      .getByRole("heading", { level: 1, name: "MS Office Accounts", exact: true }),
  );
}

const demo = (email: string) => DEMO_ACCOUNTS.find((account) => account.email === email)!;

describe("the Office Accounts page as an administrator", () => {
  it("shows the spec's columns, every account masked, and the assignments tooltip", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    // Every column of the spec shows at 1440 px; at 1280 the payment columns give way (0047).
    await page.setViewportSize({ width: 1440, height: 900 });
    await openAccounts(page);
    await visible(accountRow(page, "marketing@example.com"));

    const headers = await table(page).getByRole("columnheader").allTextContents();
    expect(headers.map((text) => text.trim())).toEqual(COLUMNS);
    expect(await emailsShown(page)).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    const passwords = await table(page).getByTestId("account-password").allTextContents();
    expect(new Set(passwords)).toEqual(new Set([MASK]));
    const html = await page.content();
    for (const account of DEMO_ACCOUNTS) expect(html).not.toContain(account.password);

    const row = accountRow(page, "marketing@example.com");
    const cells = (await row.getByRole("cell").allTextContents()).map((text) => text.trim());
    expect(cells.slice(2, 6)).toEqual([
      "Microsoft 365",
      "Active",
      "2",
      "A$22.50 · Credit card · Visa ending 4821",
    ]);
    // The users tooltip names the active assignments (keyboard focus opens it too).
    await row.getByRole("button", { name: "2 users of marketing@example.com" }).focus();
    const tooltip = page.getByRole("tooltip");
    await visible(tooltip);
    expect(await tooltip.textContent()).toContain("NW-LT-001");
    for (const action of ["Assign", "Edit", "Delete"]) {
      await visible(row.getByRole("button", { name: `${action} marketing@example.com` }));
    }
    await visible(page.getByRole("button", { name: "Add Account", exact: true }));
    await visible(page.getByRole("button", { name: "Refresh", exact: true }));
  });

  it("reveals passwords through the logged call and hides them again", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openAccounts(page, "?search=design");
    await visible(accountRow(page, "design@example.com"));
    const reveals: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/reveal")) {
        reveals.push(new URL(request.url()).pathname);
      }
    });
    const toggle = page.getByRole("button", { name: "Show Passwords", exact: true });
    await toggle.click();
    await expect
      .poll(() => passwordOf(page, "design@example.com").textContent(), { timeout: UI_TIMEOUT })
      .toBe(demo("design@example.com").password);
    expect(reveals).toHaveLength(1);
    const hide = page.getByRole("button", { name: "Hide Passwords", exact: true });
    expect(await hide.getAttribute("aria-pressed")).toBe("true");
    await hide.click();
    await expect
      .poll(() => passwordOf(page, "design@example.com").textContent(), { timeout: UI_TIMEOUT })
      .toBe(MASK);
    expect(await page.content()).not.toContain(demo("design@example.com").password);
  });

  it("searches on the server and says when nothing matches", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openAccounts(page);
    const search = page.getByLabel("Search accounts");
    await search.fill("ADOBE");
    await expect
      .poll(() => emailsShown(page), { timeout: UI_TIMEOUT })
      .toEqual(["design@example.com"]);
    expect(new URL(page.url()).searchParams.get("search")).toBe("ADOBE");
    // Who uses it: a device name.
    await search.fill("Sales desk");
    await expect
      .poll(() => emailsShown(page), { timeout: UI_TIMEOUT })
      .toEqual(["sales@example.com"]);
    await search.fill(`no-such-account-${unique()}`);
    await visible(page.getByText("No accounts found.", { exact: true }));
  });

  it("adds an account with the spec's messages, assigns it to jane, and deletes it", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openAccounts(page);
    const email = `e2e-${unique()}@example.com`;

    await page.getByRole("button", { name: "Add Account", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Office Account", exact: true });
    await visible(dialog);
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Password").fill("abc");
    await dialog.getByLabel("Payment Amount").fill("twelve");
    await dialog.getByRole("button", { name: "Add Account", exact: true }).click();
    for (const message of [
      "Please enter a valid email address",
      "Password must be at least 4 characters",
      "Please select a provider",
      "Payment amount must be a valid number if provided",
    ]) {
      await visible(dialog.getByText(message, { exact: true }));
    }
    // The spec's default currency for a new account.
    expect(await dialog.getByRole("combobox", { name: "Currency" }).textContent()).toBe("AUD");

    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill("E2e-Secret-99");
    await dialog.getByLabel("Payment Amount").fill("19.99");
    await dialog.getByRole("combobox", { name: "Provider" }).click();
    await page.getByRole("option", { name: "Adobe", exact: true }).click();
    await dialog.getByRole("button", { name: "Add Account", exact: true }).click();
    await expectToast(page, "Account added", `${email} has been added successfully.`);
    await hidden(dialog);

    // A duplicate e-mail: the server's message after the spec's prefix.
    await page.getByRole("button", { name: "Add Account", exact: true }).click();
    await visible(dialog);
    await dialog.getByLabel("Email").fill(email.toUpperCase());
    await dialog.getByLabel("Password").fill("Another-1");
    await dialog.getByRole("combobox", { name: "Provider" }).click();
    await page.getByRole("option", { name: "Other", exact: true }).click();
    await dialog.getByRole("button", { name: "Add Account", exact: true }).click();
    await expectToast(
      page,
      "Error",
      "Failed to add account: An account with this email already exists",
    );
    await visible(dialog.getByText("An account with this email already exists", { exact: true }));
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await hidden(dialog);

    await page.getByLabel("Search accounts").fill(email);
    const row = accountRow(page, email);
    await visible(row);
    const assignButton = row.getByRole("button", { name: `Assign ${email}` });
    await assignButton.click();
    const assign = page.getByRole("dialog", { name: "Assign Office Account", exact: true });
    await visible(assign);
    await assign.getByRole("button", { name: "Assign", exact: true }).click();
    for (const message of ["Please select a user", "Device name is required"]) {
      await visible(assign.getByText(message, { exact: true }));
    }
    await assign.getByRole("combobox", { name: "User" }).fill("jane");
    await assign.getByRole("option", { name: /Jane Cooper/ }).click();
    expect(await assign.getByLabel("Assigned To").inputValue()).toBe("Jane Cooper");
    await assign.getByLabel("Device Name").fill("E2E laptop");
    await assign.getByRole("button", { name: "Assign", exact: true }).click();
    await expectToast(page, "Account assigned", `${email} has been assigned to Jane Cooper.`);
    await hidden(assign);
    // Focus goes back to the button that opened the dialog.
    await expect
      .poll(() => assignButton.evaluate((el) => el === document.activeElement), {
        timeout: UI_TIMEOUT,
      })
      .toBe(true);
    await visible(row.getByRole("button", { name: `1 user of ${email}` }));

    // jane now sees it.
    const janePage = await e2e.pageAs(DEMO_USER);
    await openAccounts(janePage);
    await visible(accountRow(janePage, email));

    await row.getByRole("button", { name: `Delete ${email}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete account?" });
    await visible(confirm);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Account deleted", `${email} has been deleted successfully.`);
    await visible(page.getByText("No accounts found.", { exact: true }));
  });

  it("shows the load failure text when the server cannot answer", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.route("**/api/accounts?*", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ code: "DATABASE_UNAVAILABLE", message: "Database unavailable" }),
      }),
    );
    await openAccounts(page);
    await visible(page.getByText("Failed to load accounts. Please try again.", { exact: true }));
  });
});

describe("the Office Accounts page as an ordinary user", () => {
  it("shows only jane's own accounts, without administrator actions, and reveals hers", async () => {
    const api = await adminApi(e2e.baseUrl);
    const all = await api<AccountResponse[]>("GET", "/api/accounts");
    const janes = DEMO_ACCOUNTS.filter((account) =>
      account.users.some(([username, , active]) => username === DEMO_USER && active),
    ).map((account) => account.email);
    expect(janes.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(janes.length);

    const page = await e2e.pageAs(DEMO_USER);
    await openAccounts(page);
    await expect.poll(() => emailsShown(page), { timeout: UI_TIMEOUT }).toEqual([...janes].sort());
    const headers = await table(page).getByRole("columnheader").allTextContents();
    expect(headers.map((text) => text.trim())).toEqual(COLUMNS.slice(0, -1));
    await waitForCount(page.getByRole("button", { name: "Add Account" }), 0);
    await waitForCount(page.getByRole("button", { name: /^(Assign|Delete|Edit) / }), 0);

    await page.getByRole("button", { name: "Show Passwords", exact: true }).click();
    await expect
      .poll(() => passwordOf(page, janes[0]!).textContent(), { timeout: UI_TIMEOUT })
      .toBe(demo(janes[0]!).password);
  });
});
