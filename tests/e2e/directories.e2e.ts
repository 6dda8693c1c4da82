// Directory Management in Chromium against the real server with demo data (spec part 2,
// 'Directory Management', sections 4 to 9): an administrator filters, adds, edits, records a
// payment (next date moves, history shows it), deletes and undoes; an ordinary user is sent away.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, addMonths, todayIso } from "@/domain/dates";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import {
  adminApi,
  expectToast,
  hidden,
  UI_TIMEOUT,
  visible,
  waitForCount,
} from "../support/e2e-ui";

const e2e = setupE2e();

async function openPage(page: Page, query = "") {
  await page.goto(e2e.url(`/directories${query}`));
  await visible(page.getByRole("heading", { level: 2, name: "Directory Management", exact: true }));
}

const table = (page: Page) => page.getByRole("table", { name: "Directories" });
const row = (page: Page, name: string) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });
const dialog = (page: Page, name: string) => page.getByRole("dialog", { name, exact: true });

async function choose(page: Page, label: string, option: string, scope: Page | Locator = page) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("the directories page", () => {
  it("filters by status and search, with the state in the URL and the empty state", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page);
    await visible(row(page, "Yelp for Business"));
    const yelp = row(page, "Yelp for Business");
    const link = yelp.getByRole("link", { name: "business.yelp.com" });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toContain("noopener");
    await visible(yelp.getByText("$299.00", { exact: true }));
    await visible(row(page, "Yell").getByText("£360.00", { exact: true }));

    await choose(page, "Status", "Cancelled");
    await visible(row(page, "Cylex"));
    await waitForCount(row(page, "Yelp for Business"), 0);
    expect(new URL(page.url()).searchParams.get("status")).toBe("cancelled");

    await page.getByRole("searchbox", { name: "Search directories" }).fill("nothing like this");
    await visible(page.getByText("No directories found", { exact: true }));
    await visible(page.getByText("Try changing your search or filter criteria.", { exact: true }));
  });

  it("adds a listing with the defaults, edits it, records a payment and sees the history", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page);
    await page.getByRole("button", { name: "Add Directory", exact: true }).click();
    const add = dialog(page, "Add Directory");
    await visible(add);
    expect(await add.getByRole("combobox", { name: "Currency" }).textContent()).toBe("USD");
    expect(await add.getByRole("combobox", { name: "Payment Frequency" }).textContent()).toBe(
      "Annually",
    );
    expect(await add.getByLabel("Next Payment Date").inputValue()).toBe(todayIso());
    await add.getByRole("button", { name: "Add Directory", exact: true }).click();
    await visible(add.getByText("Directory name is required", { exact: true }));

    await add.getByLabel("Directory Name").fill("Hot Listings");
    await add.getByLabel("URL").fill("https://hot.example");
    await add.getByLabel("Payment Amount").fill("40");
    await choose(page, "Payment Frequency", "Quarterly", add);
    await add.getByRole("button", { name: "Add Directory", exact: true }).click();
    await expectToast(page, "Directory added", "Hot Listings has been added successfully.");
    await hidden(add);
    await visible(row(page, "Hot Listings").getByText("Quarterly", { exact: true }));

    await row(page, "Hot Listings").getByRole("button", { name: "Edit Hot Listings" }).click();
    const edit = dialog(page, "Edit Directory");
    await edit.getByLabel("Payment Amount").fill("45");
    await edit.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectToast(page, "Directory updated", "Hot Listings has been updated successfully.");
    await visible(row(page, "Hot Listings").getByText("$45.00", { exact: true }));

    await row(page, "Hot Listings")
      .getByRole("button", { name: "Record payment for Hot Listings" })
      .click();
    const pay = dialog(page, "Record Payment");
    expect(await pay.getByLabel("Amount Paid").inputValue()).toBe("45");
    await pay.getByRole("button", { name: "Record Payment", exact: true }).click();
    await expectToast(page, "Payment recorded", "A payment for Hot Listings has been recorded.");
    const next = addMonths(todayIso(), 3);
    const [year, month, day] = next.split("-").map(Number) as [number, number, number];
    const shown = new Date(year, month - 1, day).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    await visible(row(page, "Hot Listings").getByText(shown, { exact: true }));

    await row(page, "Hot Listings").getByRole("button", { name: "Edit Hot Listings" }).click();
    const history = dialog(page, "Edit Directory").getByRole("region", { name: "Payment history" });
    await visible(history.getByText("$45.00", { exact: true }));
    await visible(history.getByText("$40.00 → $45.00", { exact: true }));
    await page.keyboard.press("Escape");
  });

  it("shows an overdue listing and deletes without a confirmation, with Undo", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page, "?search=Gelbe");
    const gelbe = row(page, "Gelbe Seiten");
    await visible(gelbe);
    await gelbe.getByRole("button", { name: "Delete Gelbe Seiten" }).click();
    await expectToast(page, "Directory deleted", "Gelbe Seiten has been deleted.");
    await waitForCount(row(page, "Gelbe Seiten"), 0);
    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await expectToast(page, "Directory restored", "Gelbe Seiten is back.");
    await visible(row(page, "Gelbe Seiten"));

    // A billing listing whose date has passed is overdue; Cylex, cancelled with a past date, is not.
    const api = await adminApi(e2e.baseUrl);
    await api("POST", "/api/directories", {
      name: "Late Listing",
      paymentAmount: 10,
      nextPaymentDate: addDays(todayIso(), -3),
    });
    await openPage(page, "?sort=nextPaymentDate");
    await visible(row(page, "Late Listing").getByText("Overdue", { exact: true }));
    await waitForCount(row(page, "Cylex").getByText("Overdue", { exact: true }), 0);
  });

  it("sends an ordinary user away from /directories and /trust-reviews", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    for (const path of ["/directories", "/trust-reviews"]) {
      await page.goto(e2e.url(path));
      await expect.poll(() => new URL(page.url()).pathname, { timeout: UI_TIMEOUT }).toBe("/");
    }
  });
});
