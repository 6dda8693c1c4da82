// The Users page in browser specs: a person's row, the page opened on a search, their User
// Details, and a new person holding a laptop and an office account (made through the API) for
// the specs that delete, deactivate or offboard them.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { AccountResponse } from "@/domain/schemas/accounts";
import type { UserHoldingsResponse, UserResponse } from "@/domain/schemas/users";
import type { E2e } from "./e2e";
import { adminApi, visible } from "./e2e-ui";

const unique = () => Math.random().toString(36).slice(2, 8);

export function userRow(page: Page, username: string) {
  return page
    .getByRole("table", { name: "Users" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: username, exact: true }) });
}

/** The Users page searched for `search`, once that person's row is shown. */
export async function openUsers(e2e: E2e, page: Page, search: string) {
  await page.goto(e2e.url(`/users?search=${encodeURIComponent(search)}`));
  await visible(userRow(page, search));
}

/** The User Details dialog of `username`, opened from the Users page. */
export async function openUserDetails(e2e: E2e, page: Page, username: string) {
  await openUsers(e2e, page, username);
  await userRow(page, username).getByRole("button", { name: "View user details" }).click();
  const details = page.getByRole("dialog", { name: "User Details" });
  await visible(details);
  return details;
}

/**
 * A new person holding one laptop (`Laptop of <username>`) and one office account
 * (`<username>@example.com`); their username starts with `prefix`. `holdings()` reads what they
 * hold now.
 */
export async function personWithHoldings(
  e2e: E2e,
  prefix: string,
  role: "admin" | "user" = "user",
) {
  const api = await adminApi(e2e.baseUrl);
  const username = `${prefix}${unique()}`;
  const password = `pw-${unique()}`;
  const user = await api<UserResponse>("POST", "/api/users", {
    username,
    password,
    fullName: `Holder ${username}`,
    role,
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
  return { api, user, username, password, account, holdings };
}
