// Undoing an import in Chromium (issue 31, item 4): an administrator imports two hardware items
// through the dialog, finds the import under Settings → Imports with its file's name, undoes it
// behind the confirmation (by keyboard), hears what was removed, and the rows are gone from the
// list; the entry then says it was undone and offers no Undo. Phone width: the card still fits.
// With more imports than a page holds, the card pages them, its page kept in the address.
import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { expectToast, hidden, visible } from "../support/e2e-ui";

const e2e = setupE2e();

async function importHardware(page: Page) {
  await page.goto(e2e.url("/hardware"));
  await visible(page.getByRole("heading", { level: 2, name: "Hardware Inventory", exact: true }));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import Hardware", exact: true });
  await dialog.getByLabel("CSV or Excel file").setInputFiles({
    name: "undo-me.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "Name,Type,Serial Number/Identifier,Location\r\nE2E Undo Dock,accessory,E2E-UNDO-1,Desk\r\nE2E Undo Screen,monitor,E2E-UNDO-2,Desk\r\n",
    ),
  });
  await dialog.getByRole("button", { name: "Check file", exact: true }).click();
  await dialog.getByRole("button", { name: "Import 2 rows", exact: true }).click();
  await expectToast(page, "Import complete", "2 rows imported.");
  await hidden(dialog);
}

describe("undoing an import", () => {
  it("lists the import under Settings and undoes it behind a confirmation", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.setViewportSize({ width: 390, height: 844 });
    await importHardware(page);

    await page.goto(e2e.url("/settings"));
    const table = page.getByRole("table", { name: "Imports" });
    const row = table.getByRole("row").filter({ hasText: "undo-me.csv" }).first();
    await visible(row);
    const undo = row.getByRole("button", { name: "Undo the import of undo-me.csv" });
    await undo.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Undo this import?" });
    await visible(confirm);
    await confirm.getByRole("button", { name: "Undo import", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expectToast(page, "Import undone", "Removed 2 rows.");
    await visible(row.getByText("Undone", { exact: false }));
    await hidden(undo);

    await page.goto(e2e.url("/hardware?search=E2E%20Undo"));
    await visible(page.getByText("No hardware found", { exact: false }).first());
  });

  it("pages the history, the page kept in the address", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/settings"));
    // More imports than one page holds (20), sent as the dialog sends them.
    const sent = await page.evaluate(async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 21; i++) {
        const response = await fetch(`/api/imports/hardware?fileName=page-${i}.csv`, {
          method: "POST",
          headers: { "Content-Type": "text/csv", "X-Requested-With": "XMLHttpRequest" },
          body: `Name,Type,Serial Number/Identifier\r\nE2E Page ${i},accessory,E2E-PAGE-${i}\r\n`,
        });
        statuses.push(response.status);
      }
      return statuses;
    });
    if (sent.some((status) => status !== 200)) throw new Error(`Imports answered ${sent}`);

    await page.reload();
    const pager = page.getByRole("navigation", { name: "Imports pages" });
    await visible(pager);
    const table = page.getByRole("table", { name: "Imports" });
    await visible(table.getByRole("row").filter({ hasText: "page-21.csv" }));
    await pager.getByRole("button", { name: "Next page" }).click();
    await page.waitForURL(/importsPage=2/);
    await hidden(table.getByRole("row").filter({ hasText: "page-21.csv" }));
    await visible(table.getByRole("row").filter({ hasText: "page-1.csv" }));

    // The address brings the same page back.
    await page.reload();
    await visible(table.getByRole("row").filter({ hasText: "page-1.csv" }));
    await visible(pager.getByRole("button", { name: "Previous page" }));
  });
});
