// The User Details dialog's tabs and what deleting or deactivating a user releases (spec part 2,
// 'Users'), in Chromium against the real server with demo data.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { AccountResponse } from "@/domain/schemas/accounts";
import type { UserHoldingsResponse, UserResponse } from "@/domain/schemas/users";
import { DEMO_ACCOUNTS } from "@/server/db/seed/office-accounts";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, expectToast, hidden, UI_TIMEOUT, visible } from "../support/e2e-ui";

const e2e = setupE2e();
const unique = () => Math.random().toString(36).slice(2, 8);

function userRow(page: Page, username: string) {
  return page
    .getByRole("table", { name: "Users" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: username, exact: true }) });
}

async function openUsers(page: Page, search: string) {
  await page.goto(e2e.url(`/users?search=${encodeURIComponent(search)}`));
  await visible(userRow(page, search));
}

/** A new person holding one laptop and one office account, made through the API. */
async function personWithHoldings() {
  const api = await adminApi(e2e.baseUrl);
  const username = `e2e-hold-${unique()}`;
  const user = await api<UserResponse>("POST", "/api/users", {
    username,
    password: `pw-${unique()}`,
    fullName: `Holder ${username}`,
  });
  await api("POST", "/api/hardware", {
    name: `Laptop of ${username}`,
    type: "laptop",
    identifier: `SN-${username}`,
    assignedToUserId: user.id,
  });
  const account = await api<AccountResponse>("POST", "/api/accounts", {
    email: `${username}@example.com`,
    password: "Holder-Pass-1",
    provider: "microsoft365",
  });
  await api("POST", "/api/account-assignments", {
    accountId: account.id,
    userId: user.id,
    assignedTo: user.displayName,
    deviceName: "Holder laptop",
    assignedDate: "2026-01-05",
  });
  const holdings = () => api<UserHoldingsResponse>("GET", `/api/users/${user.id}/holdings`);
  expect(await holdings()).toMatchObject({ hardware: 1, officeAccounts: 1, licenses: 0 });
  return { api, user, username, account, holdings };
}

describe("the User Details dialog", () => {
  it("shows the office accounts and licenses jane holds, tab by tab", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page, DEMO_USER);
    const detailsButton = userRow(page, DEMO_USER).getByRole("button", {
      name: "View user details",
    });
    await detailsButton.click();
    const dialog = page.getByRole("dialog", { name: "User Details" });
    await visible(dialog);
    const tabs = (await dialog.getByRole("tab").allTextContents()).map((text) => text.trim());
    expect(tabs).toEqual([
      "Hardware",
      "Software Licenses",
      "Office Accounts",
      "G Suite",
      "History",
    ]);

    await dialog.getByRole("tab", { name: "Office Accounts" }).click();
    const accounts = dialog.getByRole("table", { name: "Office accounts of this user" });
    await visible(accounts);
    const janes = DEMO_ACCOUNTS.filter((account) =>
      account.users.some(([username, , active]) => username === DEMO_USER && active),
    );
    for (const account of janes) {
      await visible(accounts.getByRole("cell", { name: account.email, exact: true }));
    }
    // An assignment jane no longer has is not listed.
    const rows = await accounts.locator("tbody tr").count();
    expect(rows).toBe(janes.length);

    await dialog.getByRole("tab", { name: "Software Licenses" }).click();
    await visible(dialog.getByRole("tabpanel", { name: "Software Licenses" }));

    await page.keyboard.press("Escape");
    await hidden(dialog);
    await expect
      .poll(() => detailsButton.evaluate((el) => el === document.activeElement), {
        timeout: UI_TIMEOUT,
      })
      .toBe(true);
  });

  it("says when a user holds no office accounts", async () => {
    const api = await adminApi(e2e.baseUrl);
    const username = `e2e-empty-${unique()}`;
    await api("POST", "/api/users", { username, password: `pw-${unique()}` });
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page, username);
    await userRow(page, username).getByRole("button", { name: "View user details" }).click();
    const dialog = page.getByRole("dialog", { name: "User Details" });
    await visible(dialog);
    await dialog.getByRole("tab", { name: "Office Accounts" }).click();
    await visible(dialog.getByText("No office accounts assigned", { exact: true }));
  });
});

describe("releasing what a user holds", () => {
  it("deleting says what is released, then returns the laptop and ends the account assignment", async () => {
    const { api, username, account, holdings } = await personWithHoldings();
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page, username);
    await userRow(page, username).getByRole("button", { name: "Delete user" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete user?" });
    await visible(confirm);
    await expect
      .poll(() => confirm.getByTestId("release-summary").textContent(), { timeout: UI_TIMEOUT })
      .toBe("This returns 1 hardware item to available and ends 1 office account assignment.");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "User deleted", `${username} has been deleted successfully.`);
    await hidden(confirm);

    const [after] = await api<AccountResponse[]>(
      "GET",
      `/api/accounts?search=${encodeURIComponent(account.email)}`,
    );
    expect(after!.userCount).toBe(0);
    const items = await api<{ assignedToUserId: number | null }[]>(
      "GET",
      `/api/hardware?search=${encodeURIComponent(`SN-${username}`)}`,
    );
    expect(items.map((item) => item.assignedToUserId)).toEqual([null]);
    await expect(holdings()).rejects.toThrow(/404/);
  });

  it("deactivating says what is released before saving, and releases it", async () => {
    const { holdings, username } = await personWithHoldings();
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page, username);
    await userRow(page, username).getByRole("button", { name: "Edit user" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit User" });
    await visible(dialog);
    await dialog.getByRole("switch", { name: "Active" }).click();
    await visible(
      dialog.getByText(
        "Deactivating signs this user out. This returns 1 hardware item to available and ends 1 office account assignment.",
        { exact: true },
      ),
    );
    await dialog.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectToast(page, "User updated", `${username} has been updated successfully.`);
    await hidden(dialog);
    expect(await holdings()).toMatchObject({ hardware: 0, officeAccounts: 0, licenses: 0 });
  });
});
