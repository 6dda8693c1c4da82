// Importing license seats in Chromium (issue 31, item 3): an administrator opens Import on the
// License Assignments page, checks a file naming a license and people by username and e-mail (one
// person unknown, shown beside its row), imports the valid rows, and finds the seats on the
// license's card. The Office Accounts page offers its assignments' import beside its own.
import { describe, expect, it } from "vitest";
import type { LicenseResponse } from "@/domain/schemas/licenses";
import type { UserResponse } from "@/domain/schemas/users";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, expectFocus, expectToast, hidden, visible } from "../support/e2e-ui";

const e2e = setupE2e();

const unique = () => Math.random().toString(36).slice(2, 7).toUpperCase();

describe("importing license seats", () => {
  it("checks a file of seats, imports its valid rows and shows them on the license's card", async () => {
    const api = await adminApi(e2e.baseUrl);
    // First by name, so its card is on the page's first page of cards.
    const name = `0 E2E Seats ${unique()}`;
    await api<LicenseResponse>("POST", "/api/licenses", {
      name,
      licenseKey: `SEAT-${unique()}-0001`,
      totalSeats: 3,
    });
    const users = await api<UserResponse[]>("GET", "/api/users");
    const jane = users.find((user) => user.username === DEMO_USER)!;
    const admin = users.find((user) => user.username === DEMO_ADMIN)!;

    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/assignments"));
    await visible(page.getByRole("heading", { level: 2, name: "License Assignments" }));
    const importButton = page.getByRole("button", { name: "Import", exact: true });
    await importButton.click();
    const dialog = page.getByRole("dialog", { name: "Import License Seats", exact: true });
    await visible(dialog);
    const template = dialog.getByRole("link", { name: "Download the template" });
    expect(await template.getAttribute("href")).toBe("/api/imports/seats/template");

    await dialog.getByLabel("CSV or Excel file").setInputFiles({
      name: "seats.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "Item Name,Username,Notes",
          `${name},${DEMO_ADMIN},From the old tool`,
          `${name},${jane.email ?? DEMO_USER},`,
          `${name},nobody.e2e,`,
        ].join("\r\n"),
      ),
    });
    await dialog.getByRole("button", { name: "Check file", exact: true }).click();
    // Snipe-IT's names for the columns are suggested.
    const fieldFor = (column: string) =>
      dialog.getByRole("combobox", { name: `Field for ${column}` });
    await visible(fieldFor("Item Name").filter({ hasText: "License (required)" }));
    await visible(fieldFor("Username").filter({ hasText: "User (required)" }));
    await visible(
      dialog.getByText("3 rows: 2 can be imported, 1 has problems and will be skipped."),
    );
    await visible(
      dialog.getByText(
        "User: no user has the username or e-mail address 'nobody.e2e'. Add the person on the Users page first (or import them), or correct the cell.",
      ),
    );
    await dialog.getByRole("button", { name: "Import 2 valid rows", exact: true }).click();
    await expectToast(page, "Import complete", "2 rows imported, 1 skipped.");
    await hidden(dialog);
    await expectFocus(importButton, "the Import button");

    const card = page.getByRole("region", { name, exact: true });
    for (const person of [admin, jane]) {
      await visible(card.getByRole("button", { name: `Unassign ${person.displayName}` }));
    }
  });

  it("offers the office accounts' assignments their own import beside the accounts'", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/accounts"));
    await page.getByRole("button", { name: "Import Assignments", exact: true }).click();
    const dialog = page.getByRole("dialog", {
      name: "Import Office Account Assignments",
      exact: true,
    });
    await visible(dialog);
    const template = dialog.getByRole("link", { name: "Download the template" });
    expect(await template.getAttribute("href")).toBe("/api/imports/account-assignments/template");
  });
});
