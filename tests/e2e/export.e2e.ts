// Exports in Chromium: the Export menu of a filtered list downloads what the list shows, read
// back from the downloaded file; the menu works from the keyboard and gives focus back.
import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { HostingCost } from "@/domain/schemas/hosting";
import type { AssignmentResponse, LicenseResponse } from "@/domain/schemas/licenses";
import type { UserResponse } from "@/domain/schemas/users";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, expectFocus, visible } from "../support/e2e-ui";
import { pdfText, readCsv, readZip } from "../support/export-readers";

const e2e = setupE2e();
const unique = () => Math.random().toString(36).slice(2, 7).toUpperCase();

async function download(page: Page, choose: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), choose()]);
  return { name: file.suggestedFilename(), body: await fs.readFile((await file.path())!) };
}

describe("exporting a filtered list", () => {
  it("downloads the licenses the filtered list shows, as CSV and PDF", async () => {
    const api = await adminApi(e2e.baseUrl);
    const tag = `Export${unique()}`;
    const licenses: [string, string][] = [
      [`${tag} Current`, "2040-01-01"],
      [`${tag} Lapsed`, "2020-01-01"],
    ];
    for (const [name, expiryDate] of licenses) {
      await api<LicenseResponse>("POST", "/api/licenses", {
        name,
        licenseKey: `KEY-${tag}-${name.length}-SECRET`,
        expiryDate,
      });
    }
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url(`/licenses?search=${tag}&status=expired`));
    await visible(page.getByRole("row").filter({ hasText: `${tag} Lapsed` }));

    const trigger = page.getByRole("button", { name: "Export licenses", exact: true });
    await trigger.click();
    const csv = await download(page, () =>
      page.getByRole("menuitem", { name: "CSV", exact: true }).click(),
    );
    expect(csv.name).toMatch(/^licenses-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = readCsv(csv.body);
    expect(header![0]).toBe("Name");
    expect(rows.map((row) => row[0])).toEqual([`${tag} Lapsed`]);
    expect(csv.body.toString()).not.toContain("SECRET");

    // From the keyboard: open, go down to PDF, choose; focus comes back to the button.
    await trigger.focus();
    await page.keyboard.press("Enter");
    const pdfItem = page.getByRole("menuitem", { name: "PDF", exact: true });
    await visible(pdfItem);
    await page.keyboard.press("End");
    await expectFocus(pdfItem, "the PDF choice");
    const pdf = await download(page, () => page.keyboard.press("Enter"));
    expect(pdf.name).toMatch(/\.pdf$/);
    const text = await pdfText(pdf.body);
    expect(text).toContain(`Search: "${tag}"`);
    expect(text).toContain(`${tag} Lapsed`);
    expect(text).not.toContain(`${tag} Current`);
    await expectFocus(trigger, "the Export button");
  });
});

/** Opens the Export menu named `what` and downloads its CSV, read back with csv-parse. */
async function exportCsv(page: Page, what: string) {
  await page.getByRole("button", { name: `Export ${what}`, exact: true }).click();
  const file = await download(page, () =>
    page.getByRole("menuitem", { name: "CSV", exact: true }).click(),
  );
  const [header, ...rows] = readCsv(file.body);
  return { name: file.name, header: header!, rows };
}

describe("the Export menus of the pages without a list's filters", () => {
  it("exports the active assignments the Assignments page's cards show", async () => {
    const api = await adminApi(e2e.baseUrl);
    const tag = `Seats${unique()}`;
    const license = await api<LicenseResponse>("POST", "/api/licenses", {
      name: `${tag} Suite`,
      licenseKey: `KEY-${tag}`,
      totalSeats: 2,
    });
    const holders: UserResponse[] = [];
    for (const who of ["kept", "ended"]) {
      holders.push(
        await api<UserResponse>("POST", "/api/users", {
          username: `${tag.toLowerCase()}${who}`,
          password: "demo1234",
          fullName: `${tag} ${who}`,
          role: "user",
        }),
      );
    }
    const seats: AssignmentResponse[] = [];
    for (const holder of holders) {
      seats.push(
        await api<AssignmentResponse>("POST", "/api/assignments", {
          licenseId: license.id,
          userId: holder.id,
        }),
      );
    }
    await api("PATCH", `/api/assignments/${seats[1]!.id}/deactivate`, {});

    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/assignments"));
    await visible(
      page.getByRole("heading", { level: 2, name: "License Assignments", exact: true }),
    );
    const csv = await exportCsv(page, "license assignments");
    expect(csv.name).toMatch(/^assignments-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.header.slice(0, 2)).toEqual(["License", "Assigned To"]);
    // Exactly the active seats: this license's ended one is not there, and nothing else is.
    expect(csv.rows.filter((row) => row[0] === license.name).map((row) => row[1])).toEqual([
      `${tag} kept`,
    ]);
    const active = await api<AssignmentResponse[]>("GET", "/api/assignments?active=true");
    expect(csv.rows).toHaveLength(active.length);
  });

  it("exports every imported cost from the Hosting page", async () => {
    const costs = await (await adminApi(e2e.baseUrl))<HostingCost[]>("GET", "/api/hosting/costs");
    expect(costs.length).toBeGreaterThan(0);
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/hosting"));
    await visible(page.getByRole("heading", { level: 2, name: "Hosting Resources", exact: true }));
    const csv = await exportCsv(page, "hosting costs");
    expect(csv.name).toMatch(/^hosting-costs-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.header.slice(0, 2)).toEqual(["Month", "Droplet"]);
    expect(csv.rows.map((row) => row[2]).sort()).toEqual(
      costs.map((cost) => cost.droplet_id).sort(),
    );
  });
});

describe("the Settings page's Data Export", () => {
  it("downloads every list as a zip of CSV files", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/settings"));
    const link = page.getByRole("link", {
      name: "Export all data as CSV files (zip)",
      exact: true,
    });
    await visible(link);
    const zip = await download(page, () => link.click());
    expect(zip.name).toMatch(/^quartermaster-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await readZip(zip.body);
    expect(Object.keys(files)).toContain("licenses.csv");
    expect(Object.keys(files)).toContain("hosting-costs.csv");
    const users = readCsv(files["users.csv"]!);
    expect(users[0]![0]).toBe("Username");
    expect(users.map((row) => row[0])).toContain("jane");
  });
});
