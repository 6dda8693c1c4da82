// Import in Chromium (issues 15 and 31): an administrator opens Import on the Hardware page, checks
// a file with planted errors (each row's problems shown beside it, nothing saved), then a clean
// file, imports it and finds the rows in the list; focus returns to the Import button. Then a file
// of another tool's columns: each column shown beside the field suggested for it, one changed by
// hand (the preview checks again at once), imported, and the choice remembered for the next file.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { expectFocus, expectToast, hidden, visible } from "../support/e2e-ui";

const e2e = setupE2e();

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(`${lines.join("\r\n")}\r\n`),
});

const header = "Name,Type,Serial Number/Identifier,Location";

async function openHardware(page: Page, query = "") {
  await page.goto(e2e.url(`/hardware${query}`));
  await visible(page.getByRole("heading", { level: 2, name: "Hardware Inventory", exact: true }));
}

const previewRow = (page: Page, line: number) =>
  page
    .getByRole("table", { name: "Rows of the file" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: String(line), exact: true }) });

describe("importing hardware from CSV", () => {
  it("shows a file's problems beside its rows, then imports a clean file", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openHardware(page);
    const importButton = page.getByRole("button", { name: "Import", exact: true });
    await importButton.click();
    const dialog = page.getByRole("dialog", { name: "Import Hardware", exact: true });
    await visible(dialog);
    const template = dialog.getByRole("link", { name: "Download the template" });
    expect(await template.getAttribute("href")).toBe("/api/imports/hardware/template");

    await dialog
      .getByLabel("CSV or Excel file")
      .setInputFiles(
        csvFile("planted-errors.csv", [
          header,
          "E2E Import Dock,accessory,E2E-IMP-001,Desk 1",
          "E2E Import Toaster,toaster,E2E-IMP-002,Kitchen",
          "E2E Import Copy,monitor,E2E-IMP-001,Desk 2",
        ]),
      );
    await dialog.getByRole("button", { name: "Check file", exact: true }).click();
    await visible(
      dialog.getByText("3 rows: 1 can be imported, 2 have problems and will be skipped."),
    );
    await visible(previewRow(page, 2).getByText("OK", { exact: true }));
    await visible(previewRow(page, 3).getByText("Type: Please select a hardware type."));
    await visible(previewRow(page, 4).getByText("Same serial number/identifier as line 2."));
    await visible(dialog.getByRole("button", { name: "Import 1 valid row", exact: true }));
    // Nothing was saved by checking.
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await hidden(dialog);
    await expectFocus(importButton, "the Import button");
    await openHardware(page, "?search=E2E%20Import");
    await visible(page.getByText("No hardware found", { exact: false }).first());

    await page.getByRole("button", { name: "Import", exact: true }).click();
    await visible(dialog);
    await dialog
      .getByLabel("CSV or Excel file")
      .setInputFiles(
        csvFile("clean.csv", [
          header,
          "E2E Import Dock,accessory,E2E-IMP-001,Desk 1",
          "E2E Import Screen,Monitor,E2E-IMP-003,Desk 3",
        ]),
      );
    await dialog.getByRole("button", { name: "Check file", exact: true }).click();
    await visible(dialog.getByText("All 2 rows can be imported."));
    await dialog.getByRole("button", { name: "Import 2 rows", exact: true }).click();
    await expectToast(page, "Import complete", "2 rows imported.");
    await hidden(dialog);
    await visible(page.getByRole("cell", { name: "E2E-IMP-003", exact: true }));
    await visible(page.getByRole("cell", { name: "E2E-IMP-001", exact: true }));
  });

  it("maps another tool's columns, lets a suggestion be changed, and remembers it", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openHardware(page);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import Hardware", exact: true });
    await visible(dialog);
    // Snipe-IT's asset export columns, ';' between them and day-first dates, as Excel saves them
    // in much of Europe.
    const snipe = (name: string, rows: string[]) =>
      csvFile(name, ["Asset Name;Asset Tag;Category;Purchase Date;Hostname", ...rows]);
    await dialog
      .getByLabel("CSV or Excel file")
      .setInputFiles(
        snipe("snipe-assets.csv", [
          "E2E Map Laptop;E2E-MAP-001;Laptops;23.01.2026;SYD-LT-1",
          "E2E Map Rack;E2E-MAP-002;Server Racks;01.02.2026;SYD-RK-1",
        ]),
      );
    await dialog.getByRole("button", { name: "Check file", exact: true }).click();
    const columns = dialog.getByRole("table", { name: "Columns of the file" });
    await visible(columns);
    const fieldFor = (column: string) =>
      dialog.getByRole("combobox", { name: `Field for ${column}` });
    await visible(fieldFor("Asset Name").filter({ hasText: "Name (required)" }));
    await visible(fieldFor("Asset Tag").filter({ hasText: "Serial Number/Identifier (required)" }));
    await visible(fieldFor("Category").filter({ hasText: "Category" }));
    await visible(fieldFor("Hostname").filter({ hasText: "PC Name" }));
    await visible(
      dialog.getByRole("combobox", { name: "Separator" }).filter({ hasText: "Semicolon" }),
    );
    await visible(dialog.getByText("All 2 rows can be imported."));

    // The host name is not wanted: ignored by hand, and the preview says so at once.
    await fieldFor("Hostname").click();
    await page.getByRole("option", { name: "Ignore", exact: true }).click();
    await visible(fieldFor("Hostname").filter({ hasText: "Ignore" }));
    await visible(dialog.getByText("All 2 rows can be imported. Columns not imported: Hostname."));
    await dialog.getByRole("button", { name: "Import 2 rows", exact: true }).click();
    await expectToast(page, "Import complete", "2 rows imported.");
    await hidden(dialog);
    await openHardware(page, "?search=E2E%20Map");
    await visible(page.getByRole("cell", { name: "E2E-MAP-001", exact: true }));
    await visible(page.getByRole("cell", { name: "E2E-MAP-002", exact: true }));

    // The next file of the same shape: the host name is ignored without asking again.
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await visible(dialog);
    await dialog
      .getByLabel("CSV or Excel file")
      .setInputFiles(
        snipe("snipe-assets-2.csv", ["E2E Map Phone;E2E-MAP-003;Phones;02.02.2026;X"]),
      );
    await dialog.getByRole("button", { name: "Check file", exact: true }).click();
    await visible(dialog.getByText("All 1 row can be imported. Columns not imported: Hostname."));
    await visible(fieldFor("Hostname").filter({ hasText: "Ignore" }));
  });
});
