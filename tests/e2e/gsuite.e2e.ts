// G Suite Accounts in Chromium against the real server with demo data (spec part 2: 'G Suite
// Accounts', sections 5 to 9): an administrator adds an organization and a plan, assigns one user
// and then several, edits a plan inline, reveals passwords, unassigns and deletes; inline load
// errors; focus returns to the row after Assign User; an ordinary user is sent away from the page.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { GsuiteSummaryResponse } from "@/domain/schemas/gsuite";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import {
  adminApi,
  expectFocus,
  expectToast,
  hidden,
  UI_TIMEOUT,
  visible,
  waitForCount,
} from "../support/e2e-ui";

const e2e = setupE2e();

async function openPage(page: Page, query = "") {
  await page.goto(e2e.url(`/gsuite-accounts${query}`));
  await visible(page.getByRole("heading", { level: 2, name: "G Suite Accounts", exact: true }));
}

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name, exact: true });

async function chooseOption(page: Page, trigger: ReturnType<Page["getByRole"]>, option: string) {
  await trigger.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const accountRow = (page: Page, email: string) =>
  page
    .getByRole("table", { name: "G Suite accounts" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: email, exact: true }) });

const userRow = (page: Page, name: string) =>
  page
    .getByRole("table", { name: "All users" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });

describe("the G Suite page", () => {
  it("shows the summary figures the server computes and the organizations' cards", async () => {
    const api = await adminApi(e2e.baseUrl);
    const summary = await api<GsuiteSummaryResponse>("GET", "/api/gsuite-summary");
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page);
    const cards = page.getByRole("region", { name: "Summary" });
    await visible(cards.getByText(String(summary.totalAccounts), { exact: true }));
    await visible(
      cards.getByText(
        `${summary.activeAccounts} active, ${summary.unassignedAccounts} unassigned`,
        { exact: true },
      ),
    );
    await visible(
      cards.getByText(
        new Intl.NumberFormat("en-US", { style: "currency", currency: "AUD" }).format(
          summary.totalMonthlyValueAud,
        ),
        { exact: true },
      ),
    );
    const organizations = page.getByRole("list", { name: "Organizations" });
    await visible(organizations.getByText("Northwind Digital", { exact: true }));
    await visible(organizations.getByText("example.net", { exact: true }));

    // View Details lists that organization's accounts.
    await page
      .getByRole("listitem")
      .filter({ hasText: "Northwind Studio" })
      .getByRole("button", { name: "View Details" })
      .click();
    const details = dialog(page, "Northwind Studio");
    await visible(details.getByRole("cell", { name: "emma@example.net", exact: true }));
    await hidden(details.getByRole("cell", { name: "jane@example.com", exact: true }));
  });

  it("adds an organization and a plan, with the spec's validation messages", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page);

    await page.getByRole("button", { name: "Add Organization", exact: true }).click();
    const addOrganization = dialog(page, "Add Organization");
    await addOrganization.getByRole("button", { name: "Add Organization" }).click();
    await visible(addOrganization.getByText("Organization name is required", { exact: true }));
    await visible(addOrganization.getByText("Domain is required", { exact: true }));
    await addOrganization.getByLabel("Organization Name").fill("Acme Labs");
    await addOrganization.getByLabel("Domain").fill("example.com");
    await addOrganization.getByRole("button", { name: "Add Organization" }).click();
    // The server's reason for the refusal is shown, the dialog stays open.
    await visible(addOrganization.getByText("An organization with this domain already exists"));
    await addOrganization.getByLabel("Domain").fill("acme-labs.test");
    await addOrganization.getByRole("button", { name: "Add Organization" }).click();
    await expectToast(page, "Organization added", null);
    await hidden(addOrganization);
    await visible(
      page
        .getByRole("list", { name: "Organizations" })
        .getByText("acme-labs.test", { exact: true }),
    );

    await page.getByRole("tab", { name: "Plans", exact: true }).click();
    await page.getByRole("button", { name: "Add Plan", exact: true }).click();
    const addPlan = dialog(page, "Add Plan");
    await addPlan.getByRole("button", { name: "Add Plan" }).click();
    await visible(addPlan.getByText("Plan name is required", { exact: true }));
    await visible(
      addPlan.getByText("Base price must be a valid number, 0 or greater", { exact: true }),
    );
    await addPlan.getByLabel("Plan Name").fill("Enterprise E2E");
    await addPlan.getByLabel("Base Price").fill("40.50");
    await chooseOption(page, addPlan.getByLabel("Currency"), "USD");
    await addPlan.getByRole("button", { name: "Add Plan" }).click();
    await expectToast(page, "Plan added", null);
    const plans = page.getByRole("table", { name: "Plans" });
    await visible(plans.getByText("Enterprise E2E", { exact: true }));
    await visible(plans.getByText("$40.50", { exact: true }));
  });

  it("assigns one user, then several, with the initial passwords shown once", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page, "?tab=users&view=all-users");
    await page.getByLabel("Search users").fill("kenji");
    const kenji = userRow(page, "Kenji Tanaka");
    await visible(kenji.getByText("No email provided", { exact: true }));
    await visible(kenji.getByText("Unassigned", { exact: true }));
    await kenji.getByRole("button", { name: "Assign Kenji Tanaka" }).click();

    const assign = dialog(page, "Assign User");
    const submit = assign.getByRole("button", { name: "Assign User" });
    expect(await submit.isDisabled()).toBe(true);
    await chooseOption(page, assign.getByLabel("Plan"), "Business Starter");
    // No company address: username at the default organization's domain, read-only.
    const email = assign.getByLabel("Email");
    expect(await email.inputValue()).toBe("kenji@example.com");
    expect(await email.getAttribute("readonly")).not.toBeNull();
    await submit.click();
    await expectToast(
      page,
      "Users assigned",
      "1 users have been assigned to the Business Starter plan.",
    );
    const created = assign.getByRole("region", { name: "Accounts created" });
    await visible(created.getByText("kenji@example.com", { exact: true }));
    const password = (await created.locator("td.font-mono").textContent())?.trim() ?? "";
    expect(password.length).toBeGreaterThanOrEqual(12);
    await assign.getByRole("button", { name: "Done" }).click();
    await visible(kenji.getByText("Assigned", { exact: true }));

    // Several at once from the Plans tab.
    await page.getByRole("tab", { name: "Plans", exact: true }).click();
    await page
      .getByRole("table", { name: "Plans" })
      .getByRole("row")
      .filter({ hasText: "Business Standard (annual)" })
      .getByRole("button", { name: "Add Users" })
      .click();
    const many = dialog(page, "Assign Multiple Users");
    const assignButton = many.getByRole("button", { name: "Assign 0 Users" });
    expect(await assignButton.isDisabled()).toBe(true);
    // Grace already holds this plan: she is not offered.
    await visible(many.getByText("Sofia Alvarez", { exact: true }));
    await hidden(many.getByText("Grace Lee", { exact: true }));
    await many.getByLabel("Sofia Alvarez").check();
    await many.getByLabel("Liam O'Brien").check();
    await visible(many.getByText("2 users selected", { exact: true }));
    // The assignment held until the dialog's busy state is checked: every checkbox disabled, the
    // list still reachable by keyboard.
    let releaseAssign!: () => void;
    const assignHeld = new Promise<void>((resolve) => {
      releaseAssign = resolve;
    });
    await page.route(
      (url) => url.pathname === "/api/gsuite-accounts/assign",
      async (route) => {
        await assignHeld;
        await route.continue();
      },
    );
    await many.getByRole("button", { name: "Assign 2 Users" }).click();
    await visible(many.getByRole("status").getByText("Assigning 2 users...", { exact: true }));
    expect(await many.getByLabel("Sofia Alvarez").isDisabled()).toBe(true);
    expect(await e2e.takeAxeFindings(page)).toEqual([]);
    releaseAssign();
    await expectToast(
      page,
      "Users assigned",
      "2 users have been assigned to the Business Standard (annual) plan.",
    );
    await visible(many.getByText("sofia@example.com", { exact: true }));
    await visible(many.getByText("liam@example.com", { exact: true }));
    await many.getByRole("button", { name: "Done" }).click();
    await hidden(many);
  });

  it("gives focus back to the row after Assign User, opened from the keyboard", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page, "?tab=users&view=all-users");
    await page.getByLabel("Search users").fill("isla");
    const isla = userRow(page, "Isla Campbell");
    const opener = isla.getByRole("button", { name: "Assign Isla Campbell" });
    const assign = dialog(page, "Assign User");

    // Left with Esc: back to the button that opened it.
    await opener.focus();
    await page.keyboard.press("Enter");
    await visible(assign);
    await page.keyboard.press("Escape");
    await hidden(assign);
    await expectFocus(opener, "the Assign Isla Campbell button");

    // Assigned: the button gives way to Unassign in the same cell, which takes focus instead.
    await page.keyboard.press("Enter");
    await visible(assign);
    await chooseOption(page, assign.getByLabel("Plan"), "Business Starter");
    await assign.getByRole("button", { name: "Assign User" }).click();
    await visible(assign.getByRole("region", { name: "Accounts created" }));
    await page.keyboard.press("Escape");
    await hidden(assign);
    await expectFocus(
      isla.getByRole("button", { name: "Unassign Isla Campbell" }),
      "the Unassign Isla Campbell button",
    );
  });

  it("edits a plan inline, reveals passwords through the server, unassigns and deletes", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page, "?tab=users&view=accounts");
    await page.getByLabel("Search accounts").fill("careers@");
    const careers = accountRow(page, "careers@example.com");
    await visible(careers);
    await visible(careers.getByText("••••••••", { exact: true }));

    await page.getByRole("button", { name: "Show Passwords" }).click();
    await visible(careers.getByText("Ws-Careers-Bloom-27", { exact: true }));
    await page.getByRole("button", { name: "Hide Passwords" }).click();
    await hidden(careers.getByText("Ws-Careers-Bloom-27", { exact: true }));

    // Double-click the plan cell, pick another plan: saved, and the editor closes by itself.
    await careers.getByRole("button", { name: /^Plan Business Starter/ }).dblclick();
    await page.getByRole("option", { name: "Business Plus", exact: true }).click();
    await expectToast(page, "G Suite account updated", null);
    await visible(careers.getByRole("button", { name: /^Plan Business Plus/ }));

    // Unassign from All Users, after the spec's prompt.
    await page.getByRole("tab", { name: "All Users", exact: true }).click();
    await page.getByLabel("Search users").fill("marcus");
    // Once the search has answered (the header and Marcus's row), so the click is on the row the
    // search shows, not on the unfiltered page's that the answer replaces.
    await waitForCount(page.getByRole("table", { name: "All users" }).getByRole("row"), 2);
    const marcus = userRow(page, "Marcus Chen");
    await marcus.getByRole("button", { name: "Unassign Marcus Chen" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Unassign License" });
    await visible(confirm.getByText("Are you sure you want to unassign this license?"));
    await confirm.getByRole("button", { name: "Unassign" }).click();
    await expectToast(page, "G Suite account unassigned", null);
    await visible(marcus.getByText("Unassigned", { exact: true }));

    // Delete after a confirmation.
    await page.getByRole("tab", { name: "G Suite Accounts", exact: true }).click();
    await page.getByLabel("Search accounts").fill("careers@");
    await accountRow(page, "careers@example.com")
      .getByRole("button", { name: "Delete careers@example.com" })
      .click();
    await page
      .getByRole("alertdialog", { name: "Delete G Suite Account" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expectToast(page, "G Suite account deleted", null);
    await visible(page.getByText("No G Suite accounts found.", { exact: true }));
  });

  it("adds an account with the form and refuses one off the organization's domain", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page, "?tab=users");
    await page.getByRole("button", { name: "Add Account", exact: true }).click();
    const add = dialog(page, "Add G Suite Account");
    await add.getByLabel("Email").fill("press@example.net");
    await add.getByLabel("Password").fill("Pr3ss-Room");
    await chooseOption(page, add.getByLabel("Plan Type"), "Business Starter");
    await add.getByRole("button", { name: "Add Account" }).click();
    // The default organization is example.com.
    await visible(add.getByText("Email must be on the organization's domain (example.com)"));
    await expectToast(page, "Error", "Failed to add G Suite account. Please try again.");
    await chooseOption(page, add.getByLabel("Organization"), "example.net");
    await add.getByRole("button", { name: "Add Account" }).click();
    await expectToast(page, "G Suite account added", null);
    await page.getByLabel("Search accounts").fill("press@");
    await visible(accountRow(page, "press@example.net").getByText("Unassigned", { exact: true }));
  });

  it("shows the spec's inline errors when a list cannot be loaded", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.route("**/api/gsuite-plans", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.route("**/api/gsuite-organizations", (route) =>
      route.fulfill({ status: 500, body: "{}" }),
    );
    await openPage(page);
    await visible(
      page.getByText("Error loading organizations. Please try refreshing.", { exact: true }),
    );
    await page.getByRole("tab", { name: "Plans", exact: true }).click();
    await visible(page.getByText("Error loading plans. Please try refreshing.", { exact: true }));
  });

  it("shows a user's accounts and the available ones in User Details", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/users?search=jane"));
    await page
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "jane", exact: true }) })
      .getByRole("button", { name: "View user details" })
      .click();
    const details = dialog(page, "User Details");
    await details.getByRole("tab", { name: "G Suite", exact: true }).click();
    const held = details.getByRole("region", { name: "Assigned G Suite accounts" });
    await visible(held.getByText("jane@example.com", { exact: true }));
    const available = details.getByRole("region", { name: /^Available unassigned accounts/ });
    await visible(available.getByText("hello@example.net", { exact: true }));
    await hidden(held.getByText("hello@example.net", { exact: true }));
  });

  it("sends an ordinary user to the dashboard", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/gsuite-accounts"));
    await expect.poll(() => new URL(page.url()).pathname, { timeout: UI_TIMEOUT }).toBe("/");
  });
});
