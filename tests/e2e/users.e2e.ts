// Users Management in Chromium against the real server with demo data (spec part 2: 'Users',
// section 5 'User' rules, section 6 and the Users row of section 8). The redirect of an ordinary
// user away from /users is in shell.e2e.ts; here jane only meets the server's refusals.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatLicenseType } from "@/client/lib/format";
import type { LicenseResponse } from "@/domain/schemas/licenses";
import type { UserResponse } from "@/domain/schemas/users";
import { DEMO_LICENSES } from "@/server/seed/licenses";
import { DEMO_PEOPLE } from "@/server/seed/people";
import { apiLogin, DEMO_ADMIN, DEMO_PASSWORD, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import {
  adminApi,
  callApi,
  expectFocus,
  expectToast,
  focusedElement,
  hidden,
  tryLogin,
  UI_TIMEOUT,
  until,
  visible,
  waitForCount,
} from "../support/e2e-ui";

const e2e = setupE2e();

const COLUMNS = ["Username", "Name", "Department", "Email", "Role", "Status", "Actions"];

const unique = () => Math.random().toString(36).slice(2, 8);

const usersTable = (page: Page) => page.getByRole("table");
const bodyRows = (page: Page) => usersTable(page).locator("tbody tr");

/** The table row whose Username cell is exactly this username. */
function userRow(page: Page, username: string) {
  return usersTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: username, exact: true }) });
}

/** The visible cells of a row, Actions (icon buttons only) included as ''. */
async function rowCells(page: Page, username: string) {
  const row = userRow(page, username);
  await visible(row);
  return (await row.getByRole("cell").allTextContents()).map((text) => text.trim());
}

async function usernamesShown(page: Page) {
  const cells = bodyRows(page).locator("td:first-child");
  return (await cells.allTextContents()).map((text) => text.trim()).sort();
}

async function expectUsernamesShown(page: Page, usernames: string[]) {
  await expect
    .poll(() => usernamesShown(page), { timeout: UI_TIMEOUT, message: "the users shown" })
    .toEqual(usernames);
}

async function openUsers(page: Page) {
  await page.goto(e2e.url("/users"));
  await visible(
    page
      .getByRole("banner")
      .getByRole("heading", { level: 1, name: "Users Management", exact: true }),
  );
  await visible(userRow(page, DEMO_ADMIN));
}

/** A user made through the API for a test that needs one already there. */
async function createUserViaApi(overrides: Partial<Record<string, unknown>> = {}) {
  const api = await adminApi(e2e.baseUrl);
  const username = `e2e-${unique()}`;
  const password = `pw-${unique()}`;
  const user = await api<UserResponse>("POST", "/api/users", {
    username,
    password,
    fullName: `E2E Person ${username}`,
    email: `${username}@example.com`,
    department: "E2E Fixtures",
    ...overrides,
  });
  return { user, username, password };
}

describe("the Users table", () => {
  it("shows the spec's columns and the demo people", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page);

    const headers = await usersTable(page).getByRole("columnheader").allTextContents();
    expect(headers.map((text) => text.trim())).toEqual(COLUMNS);

    const shown = await usernamesShown(page);
    for (const person of DEMO_PEOPLE) expect(shown).toContain(person.username);

    expect(await rowCells(page, DEMO_USER)).toEqual([
      "jane",
      "Jane Cooper",
      "Marketing",
      "jane@example.com",
      "User",
      "Active",
      "",
    ]);
    expect(await rowCells(page, DEMO_ADMIN)).toEqual([
      "admin",
      "Alex Morgan",
      "IT",
      "admin@example.com",
      "Admin",
      "Active",
      "",
    ]);
    // Tom has left (inactive); Kenji has no company address.
    expect((await rowCells(page, "tom")).slice(4, 6)).toEqual(["User", "Inactive"]);
    expect((await rowCells(page, "kenji"))[3]).toBe("—");

    const jane = userRow(page, DEMO_USER);
    for (const action of ["View user details", "Edit user", "Delete user"]) {
      await visible(jane.getByRole("button", { name: action, exact: true }));
    }
    await visible(page.getByRole("button", { name: "Refresh", exact: true }));
  });

  it("narrows the rows as you search and says when nothing matches", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page);
    const search = page.getByLabel("Search users");

    // Department, any case.
    const engineers = DEMO_PEOPLE.filter((person) => person.department === "Engineering")
      .map((person) => person.username)
      .sort();
    // The server searches after a pause in typing, so the rows are waited for, not counted.
    await search.fill("eNGINEERING");
    await expectUsernamesShown(page, engineers);

    // E-mail and full name.
    await search.fill("jane@example");
    await expectUsernamesShown(page, [DEMO_USER]);
    await search.fill("Sofia Alv");
    await expectUsernamesShown(page, ["sofia"]);

    await search.fill(`zz-no-such-person-${unique()}`);
    await visible(page.getByText("No users found.", { exact: true }));
    await waitForCount(usersTable(page), 0);

    await search.fill("");
    await visible(userRow(page, DEMO_USER));
    expect((await usernamesShown(page)).length).toBeGreaterThanOrEqual(DEMO_PEOPLE.length);
  });
});

describe("adding a user", () => {
  it("shows the spec's messages for invalid input and creates nothing", async () => {
    const api = await adminApi(e2e.baseUrl);
    const before = await api<UserResponse[]>("GET", "/api/users");
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page);
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/users") {
        posted++;
      }
    });

    await page.getByRole("button", { name: "Add User", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add User", exact: true });
    await visible(dialog);
    await dialog.getByLabel("Username").fill("ab");
    await dialog.getByLabel("Password").fill("12345");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Add User", exact: true }).click();

    await visible(dialog.getByText("Username must be at least 3 characters", { exact: true }));
    await visible(dialog.getByText("Password must be at least 6 characters", { exact: true }));
    await visible(dialog.getByText("Please enter a valid email", { exact: true }));
    expect(await dialog.getByLabel("Username").getAttribute("aria-invalid")).toBe("true");

    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await hidden(dialog);
    expect(posted).toBe(0);
    const after = await api<UserResponse[]>("GET", "/api/users");
    expect(after.map((user) => user.id)).toEqual(before.map((user) => user.id));
    await waitForCount(userRow(page, "ab"), 0);
  });

  it("adds a user who shows in the table and can sign in, and refuses a taken username", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page);
    const username = `e2e-new-${unique()}`;
    const password = `pw-${unique()}`;

    await page.getByRole("button", { name: "Add User", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add User", exact: true });
    await visible(dialog);
    // The spec's defaults: role user, active.
    expect(await dialog.getByRole("combobox", { name: "Role" }).textContent()).toBe("User");
    expect(await dialog.getByRole("switch", { name: "Active" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    await dialog.getByLabel("Username").fill(username);
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByLabel("Full Name").fill("Erin Example");
    await dialog.getByLabel("Email").fill(`${username}@example.com`);
    await dialog.getByLabel("Department").fill("Quality");
    await dialog.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Admin", exact: true }).click();
    await dialog.getByRole("button", { name: "Add User", exact: true }).click();
    await expectToast(page, "User created", `${username} has been added successfully.`);
    await hidden(dialog);

    expect(await rowCells(page, username)).toEqual([
      username,
      "Erin Example",
      "Quality",
      `${username}@example.com`,
      "Admin",
      "Active",
      "",
    ]);
    // The new account really works.
    await apiLogin(e2e.baseUrl, username, password);

    // The same username again: the server's message, as a toast and next to the field.
    await page.getByRole("button", { name: "Add User", exact: true }).click();
    await visible(dialog);
    await dialog.getByLabel("Username").fill(username);
    await dialog.getByLabel("Password").fill("another-password");
    await dialog.getByRole("button", { name: "Add User", exact: true }).click();
    await expectToast(page, "Error", "Username already exists\nusername: Username already exists");
    await visible(dialog.getByText("Username already exists", { exact: true }));
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await hidden(dialog);
    await waitForCount(userRow(page, username), 1);
  });
});

describe("editing a user", () => {
  it("changes the name and department and keeps the password when it is left blank", async () => {
    const { user, username, password } = await createUserViaApi();
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page);

    await userRow(page, username).getByRole("button", { name: "Edit user", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit User", exact: true });
    await visible(dialog);
    expect(await dialog.getByLabel("Username").inputValue()).toBe(username);
    expect(await dialog.getByLabel("Password").inputValue()).toBe("");
    expect(await dialog.getByLabel("Full Name").inputValue()).toBe(user.fullName);
    await visible(dialog.getByText("Leave blank to keep the current password.", { exact: true }));
    await dialog.getByLabel("Full Name").fill("Renamed Person");
    await dialog.getByLabel("Department").fill("Research");
    await dialog.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectToast(page, "User updated", `${username} has been updated successfully.`);
    await hidden(dialog);

    expect((await rowCells(page, username)).slice(0, 3)).toEqual([
      username,
      "Renamed Person",
      "Research",
    ]);
    // The blank password field did not touch the stored password.
    await apiLogin(e2e.baseUrl, username, password);
  });

  it("deactivates a user, who then cannot sign in", async () => {
    const { username, password } = await createUserViaApi();
    expect((await tryLogin(e2e.baseUrl, username, password)).status).toBe(200);
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page);

    await userRow(page, username).getByRole("button", { name: "Edit user", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit User", exact: true });
    const active = dialog.getByRole("switch", { name: "Active" });
    expect(await active.getAttribute("aria-checked")).toBe("true");
    await active.click();
    await expect.poll(() => active.getAttribute("aria-checked")).toBe("false");
    await dialog.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectToast(page, "User updated", `${username} has been updated successfully.`);
    await hidden(dialog);
    await visible(userRow(page, username).getByText("Inactive", { exact: true }));

    const refused = await tryLogin(e2e.baseUrl, username, password);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      message: "This account has been deactivated. Please contact an administrator.",
    });
  });
});

describe("user details", () => {
  it("opens with its tabs (holdings and History) and lists jane's software licenses", async () => {
    const expected = DEMO_LICENSES.filter((license) => license.holders.includes(DEMO_USER))
      .map((license) => license.name)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page);

    await userRow(page, DEMO_USER)
      .getByRole("button", { name: "View user details", exact: true })
      .click();
    const dialog = page.getByRole("dialog", { name: "User Details", exact: true });
    await visible(dialog);
    await visible(dialog.getByText("Jane Cooper (jane)", { exact: true }));
    const tabs = dialog.getByRole("tab");
    expect((await tabs.allTextContents()).map((text) => text.trim())).toEqual([
      "Hardware",
      "Software Licenses",
      "Office Accounts",
      "G Suite",
      "History",
    ]);

    const licensesTab = dialog.getByRole("tab", { name: "Software Licenses", exact: true });
    expect(await licensesTab.getAttribute("aria-selected")).toBe("true");
    const panel = dialog.getByRole("tabpanel", { name: "Software Licenses", exact: true });
    const names = panel.locator("tbody tr td:first-child");
    await waitForCount(names, expected.length);
    expect((await names.allTextContents()).map((text) => text.trim()).sort()).toEqual(expected);

    // Types and dates read as everywhere else in the app ('Multi-User', 'Jan 6, 2027').
    const api = await adminApi(e2e.baseUrl);
    const jane = (await api<UserResponse[]>("GET", "/api/users")).find(
      (candidate) => candidate.username === DEMO_USER,
    )!;
    const held = await api<LicenseResponse[]>("GET", `/api/users/${jane.id}/licenses`);
    for (const license of held) {
      const cells = panel.getByRole("row").filter({ hasText: license.name }).getByRole("cell");
      const shown = (await cells.allTextContents()).map((text) => text.trim());
      expect(shown[1]).toBe(formatLicenseType(license.licenseType));
      expect(shown[3]).toBe(
        license.renewalStatus === "auto" ? "Auto-renews" : formatCalendarDate(license.expiryDate),
      );
    }

    // The other tabs open their own panels.
    for (const name of ["Hardware", "Office Accounts", "G Suite"]) {
      await dialog.getByRole("tab", { name, exact: true }).click();
      await visible(dialog.getByRole("tabpanel", { name, exact: true }));
      expect(await licensesTab.getAttribute("aria-selected")).toBe("false");
    }
  });
});

describe("deleting a user", () => {
  it("asks first: Cancel keeps the row, Delete removes it", async () => {
    const { user, username } = await createUserViaApi();
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page);
    const row = userRow(page, username);
    const confirm = page.getByRole("alertdialog", { name: "Delete user?", exact: true });

    await row.getByRole("button", { name: "Delete user", exact: true }).click();
    await visible(confirm);
    await visible(confirm.getByText(`${user.displayName} (${username})`, { exact: false }));
    await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
    await hidden(confirm);
    await visible(row);

    await row.getByRole("button", { name: "Delete user", exact: true }).click();
    await visible(confirm);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "User deleted", `${username} has been deleted successfully.`);
    await hidden(confirm);
    await waitForCount(row, 0);
    const api = await adminApi(e2e.baseUrl);
    const left = await api<UserResponse[]>("GET", "/api/users");
    expect(left.some((candidate) => candidate.id === user.id)).toBe(false);
  });

  it("does not offer Delete on one's own row, and the server refuses it anyway", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page);
    await waitForCount(
      userRow(page, DEMO_ADMIN).getByRole("button", { name: "Delete user", exact: true }),
      0,
    );
    // Everyone else's row still offers it.
    await waitForCount(
      userRow(page, DEMO_USER).getByRole("button", { name: "Delete user", exact: true }),
      1,
    );

    const cookie = `qm_session=${await apiLogin(e2e.baseUrl, DEMO_ADMIN)}`;
    const me = await callApi(e2e.baseUrl, cookie, "GET", "/api/auth/status");
    const myId = (me.body as { user: { id: number } }).user.id;
    const refused = await callApi(e2e.baseUrl, cookie, "DELETE", `/api/users/${myId}`);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    // Still there, and still able to sign in.
    await apiLogin(e2e.baseUrl, DEMO_ADMIN, DEMO_PASSWORD);
  });
});

describe("focus after a dialog closes", () => {
  it("returns to the control that opened it on Esc, Cancel and save", async () => {
    const { username } = await createUserViaApi();
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page);

    const add = page.getByRole("button", { name: "Add User", exact: true });
    await add.click();
    const addDialog = page.getByRole("dialog", { name: "Add User", exact: true });
    await visible(addDialog);
    await page.keyboard.press("Escape");
    await hidden(addDialog);
    await expectFocus(add, "the Add User button after Esc");

    const edit = userRow(page, username).getByRole("button", { name: "Edit user", exact: true });
    const editDialog = page.getByRole("dialog", { name: "Edit User", exact: true });
    await edit.click();
    await editDialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await hidden(editDialog);
    await expectFocus(edit, "the row's Edit user button after Cancel");

    await edit.click();
    await editDialog.getByLabel("Department").fill("Focus");
    await editDialog.getByRole("button", { name: "Save Changes", exact: true }).click();
    await hidden(editDialog);
    await expectFocus(edit, "the row's Edit user button after saving");

    const details = userRow(page, username).getByRole("button", {
      name: "View user details",
      exact: true,
    });
    await details.click();
    await visible(page.getByRole("dialog", { name: "User Details", exact: true }));
    await page.keyboard.press("Escape");
    await expectFocus(details, "the row's View user details button after Esc");
  });

  it("moves to the table, not the page body, when the opener's row is deleted", async () => {
    const { username } = await createUserViaApi();
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openUsers(page);

    await userRow(page, username).getByRole("button", { name: "Delete user", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete user?", exact: true });
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "User deleted", `${username} has been deleted successfully.`);
    await waitForCount(userRow(page, username), 0);
    await until(
      () => usersTable(page).evaluate((table) => table.contains(document.activeElement)),
      "focus is on a control in the users table",
    );
    expect(await focusedElement(page)).not.toBe("BODY");
  });
});

describe("an ordinary user", () => {
  it("is refused user writes by the server (403), her own role included", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/"));
    await visible(page.getByRole("banner").getByRole("heading", { level: 1 }));

    const answers = await page.evaluate(async () => {
      const headers = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
      const status = await (await fetch("/api/auth/status")).json();
      const created = await fetch("/api/users", {
        method: "POST",
        headers,
        body: JSON.stringify({ username: "sneaky-user", password: "sneaky-pass" }),
      });
      const promoted = await fetch(`/api/users/${status.user.id}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ role: "admin" }),
      });
      return {
        id: status.user.id as number,
        created: { status: created.status, body: await created.text() },
        promoted: { status: promoted.status, body: await promoted.text() },
      };
    });
    expect(answers.created.status).toBe(403);
    expect(answers.promoted.status).toBe(403);
    // Refused by the role guard, not by the cross-site check.
    expect(answers.created.body).not.toContain("Cross-site");
    expect(answers.promoted.body).not.toContain("Cross-site");

    const api = await adminApi(e2e.baseUrl);
    const users = await api<UserResponse[]>("GET", "/api/users");
    expect(users.some((user) => user.username === "sneaky-user")).toBe(false);
    expect(users.find((user) => user.id === answers.id)).toMatchObject({
      username: DEMO_USER,
      role: "user",
      isAdmin: false,
    });
  });
});
