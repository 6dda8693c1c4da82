// Importing on the G Suite page in Chromium (issue 31, item 3): the header's Import follows the tab
// (organizations, plans, accounts, as Add does). An administrator imports an organization and a
// plan, then a file of accounts naming them by name, one row naming a plan that does not exist
// (its sentence shown beside it), imports the valid rows and finds them in the accounts list.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { expectFocus, expectToast, hidden, visible } from "../support/e2e-ui";

const e2e = setupE2e();

const unique = () => Math.random().toString(36).slice(2, 7).toLowerCase();

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(`${lines.join("\r\n")}\r\n`),
});

/** Opens the tab's Import, checks the file and answers the dialog. */
async function importOn(page: Page, title: string, file: ReturnType<typeof csvFile>) {
  const importButton = page.getByRole("button", { name: "Import", exact: true });
  await importButton.click();
  const dialog = page.getByRole("dialog", { name: title, exact: true });
  await visible(dialog);
  await dialog.getByLabel("CSV or Excel file").setInputFiles(file);
  await dialog.getByRole("button", { name: "Check file", exact: true }).click();
  return { dialog, importButton };
}

describe("importing on the G Suite page", () => {
  it("imports organizations, plans and accounts naming them, each from its own tab", async () => {
    const id = unique();
    const domain = `e2e-${id}.example`;
    const plan = `E2E Plan ${id}`;
    const page = await e2e.pageAs(DEMO_ADMIN);

    await page.goto(e2e.url("/gsuite-accounts?tab=organizations"));
    await visible(page.getByRole("heading", { level: 2, name: "G Suite Accounts", exact: true }));
    const organizations = await importOn(
      page,
      "Import Organizations",
      csvFile("organizations.csv", ["Organisation Name,Primary Domain", `E2E Org ${id},${domain}`]),
    );
    const template = organizations.dialog.getByRole("link", { name: "Download the template" });
    expect(await template.getAttribute("href")).toBe("/api/imports/gsuite-organizations/template");
    await visible(organizations.dialog.getByText("All 1 row can be imported."));
    await organizations.dialog.getByRole("button", { name: "Import 1 row", exact: true }).click();
    await expectToast(page, "Import complete", "1 row imported.");
    await hidden(organizations.dialog);
    await expectFocus(organizations.importButton, "the Import button");
    await visible(page.getByText(`E2E Org ${id}`, { exact: true }).first());

    await page.getByRole("tab", { name: "Plans", exact: true }).click();
    const plans = await importOn(
      page,
      "Import Plans",
      csvFile("plans.csv", ["Plan Name,Price,Billing Cycle", `${plan},A$7.20,Monthly`]),
    );
    await visible(plans.dialog.getByText("All 1 row can be imported."));
    await plans.dialog.getByRole("button", { name: "Import 1 row", exact: true }).click();
    await expectToast(page, "Import complete", "1 row imported.");
    await hidden(plans.dialog);

    await page.getByRole("tab", { name: "Users", exact: true }).click();
    const accounts = await importOn(
      page,
      "Import G Suite Accounts",
      csvFile("accounts.csv", [
        "Email,Organization,Plan,Price",
        `ann@${domain},E2E Org ${id},${plan.toLowerCase()},7.20`,
        `bob@${domain},${domain},${plan},7.20`,
        `cat@${domain},${domain},No Such Plan ${id},1`,
      ]),
    );
    await visible(
      accounts.dialog.getByText("3 rows: 2 can be imported, 1 has problems and will be skipped."),
    );
    await visible(
      accounts.dialog.getByText(
        `Plan Type: no plan is named 'No Such Plan ${id}'. Write the name of one on the Plans tab, or add the plan there first.`,
      ),
    );
    await accounts.dialog.getByRole("button", { name: "Import 2 valid rows", exact: true }).click();
    await expectToast(page, "Import complete", "2 rows imported, 1 skipped.");
    await hidden(accounts.dialog);
    await page.goto(e2e.url(`/gsuite-accounts?tab=users&search=${domain}`));
    await visible(page.getByRole("cell", { name: `ann@${domain}`, exact: true }));
    await visible(page.getByRole("cell", { name: `bob@${domain}`, exact: true }));
    await hidden(page.getByRole("cell", { name: `cat@${domain}`, exact: true }));
  });
});
