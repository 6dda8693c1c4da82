// The Offboard dialog of User Details (issue 16): each item's choice, the confirmation, the
// toast, the person shown deactivated and the checklist link, in Chromium against the server.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { AccountResponse } from "@/domain/schemas/accounts";
import type { UserHoldingsResponse, UserResponse } from "@/domain/schemas/users";
import { DEMO_ADMIN } from "../support/browser";
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

describe("the Offboard dialog", () => {
  it("keeps the laptop, hands the office account over, deactivates and offers the checklist", async () => {
    const api = await adminApi(e2e.baseUrl);
    const username = `e2e-off-${unique()}`;
    const heirName = `e2e-heir-${unique()}`;
    const user = await api<UserResponse>("POST", "/api/users", {
      username,
      password: `pw-${unique()}`,
      fullName: `Leaver ${username}`,
    });
    const heir = await api<UserResponse>("POST", "/api/users", {
      username: heirName,
      password: `pw-${unique()}`,
      fullName: `Heir ${heirName}`,
    });
    await api("POST", "/api/hardware", {
      name: `Laptop of ${username}`,
      type: "laptop",
      identifier: `SN-${username}`,
      assignedToUserId: user.id,
    });
    const account = await api<AccountResponse>("POST", "/api/accounts", {
      email: `${username}@example.com`,
      password: "Leaver-Pass-1",
      provider: "microsoft365",
    });
    await api("POST", "/api/account-assignments", {
      accountId: account.id,
      userId: user.id,
      assignedTo: user.displayName,
      deviceName: "Leaver laptop",
      assignedDate: "2026-01-05",
    });

    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url(`/users?search=${encodeURIComponent(username)}`));
    await visible(userRow(page, username));
    await userRow(page, username).getByRole("button", { name: "View user details" }).click();
    const details = page.getByRole("dialog", { name: "User Details" });
    await visible(details);
    const offboardButton = details.getByRole("button", { name: "Offboard", exact: true });
    await offboardButton.click();

    const dialog = page.getByRole("dialog", { name: "Offboard user" });
    await visible(dialog);
    await dialog.getByRole("combobox", { name: `What to do with Laptop of ${username}` }).click();
    await page.getByRole("option", { name: "Keep with the person" }).click();
    await dialog.getByRole("combobox", { name: `What to do with ${username}@example.com` }).click();
    await page.getByRole("option", { name: "Reassign to someone" }).click();
    const confirm = dialog.getByRole("button", { name: "Offboard and deactivate" });
    // Nobody chosen yet: the offboarding cannot be confirmed.
    expect(await confirm.isDisabled()).toBe(true);
    await dialog
      .getByRole("combobox", { name: `New holder of ${username}@example.com` })
      .fill(heirName);
    await page.getByRole("option", { name: new RegExp(heirName) }).click();
    await confirm.click();

    await expectToast(page, "User offboarded", `${username} has been deactivated and signed out.`);
    await hidden(dialog);
    const link = details.getByRole("link", { name: "Download the checklist (PDF)" });
    await visible(link);
    expect(await link.getAttribute("href")).toBe(`/api/users/${user.id}/offboard/checklist.pdf`);
    const pdf = await page.request.get(e2e.url(`/api/users/${user.id}/offboard/checklist.pdf`));
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    const holdings = await api<UserHoldingsResponse>("GET", `/api/users/${user.id}/holdings`);
    expect(holdings.items.map((item) => item.label)).toEqual([`Laptop of ${username}`]);
    const heirHoldings = await api<UserHoldingsResponse>("GET", `/api/users/${heir.id}/holdings`);
    expect(heirHoldings.items.map((item) => item.label)).toEqual([`${username}@example.com`]);

    await page.keyboard.press("Escape");
    await hidden(details);
    await expect
      .poll(() => userRow(page, username).getByText("Inactive").count(), { timeout: UI_TIMEOUT })
      .toBe(1);
  });
});
