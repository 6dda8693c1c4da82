// The User Details dialog's tabs and what deleting or deactivating a user releases (spec part 2,
// 'Users'), in Chromium against the real server with demo data.
import { describe, expect, it } from "vitest";
import type { AccountResponse } from "@/domain/schemas/accounts";
import { DEMO_ACCOUNTS } from "@/server/seed/office-accounts";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, expectToast, hidden, UI_TIMEOUT, visible } from "../support/e2e-ui";
import { openUserDetails, openUsers, personWithHoldings, userRow } from "../support/users-page";

const e2e = setupE2e();
const unique = () => Math.random().toString(36).slice(2, 8);

describe("the User Details dialog", () => {
  it("shows the office accounts and licenses jane holds, tab by tab", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const dialog = await openUserDetails(e2e, page, DEMO_USER);
    const detailsButton = userRow(page, DEMO_USER).getByRole("button", {
      name: "View user details",
    });
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
    const dialog = await openUserDetails(e2e, page, username);
    await dialog.getByRole("tab", { name: "Office Accounts" }).click();
    await visible(dialog.getByText("No office accounts assigned", { exact: true }));
  });
});

describe("releasing what a user holds", () => {
  it("deleting says what is released, then returns the laptop and ends the account assignment", async () => {
    const { api, username, account, holdings } = await personWithHoldings(e2e, "e2e-hold-");
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(e2e, page, username);
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
    const { holdings, username } = await personWithHoldings(e2e, "e2e-hold-");
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(e2e, page, username);
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
