// Trust Reviews in Chromium against the real server with demo data (spec part 2, 'Trust
// Reviews'): the summary cards show the server's figures; an administrator approves from a
// Pending badge, adds a paying client (payment fields appear only then), filters by tab,
// searches (with Clear Search), and deactivates with a reason.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TrustReviewSummaryResponse } from "@/domain/schemas/trust-reviews";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, expectToast, hidden, visible, waitForCount } from "../support/e2e-ui";

const e2e = setupE2e();

async function openPage(page: Page, query = "") {
  await page.goto(e2e.url(`/trust-reviews${query}`));
  await visible(page.getByRole("heading", { level: 2, name: "Trust Reviews", exact: true }));
}

const table = (page: Page) => page.getByRole("table", { name: "Client license assignments" });
const row = (page: Page, client: string) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByText(client, { exact: true }) });
const aud = (value: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "AUD" }).format(value);

describe("the trust reviews page", () => {
  it("shows the summary the server computes, in AUD", async () => {
    const api = await adminApi(e2e.baseUrl);
    const summary = await api<TrustReviewSummaryResponse>(
      "GET",
      "/api/trust-reviews/summary?currency=AUD",
    );
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page);
    const cards = page.getByRole("region", { name: "Summary" });
    await visible(cards.getByText(String(summary.counts.total), { exact: true }));
    await visible(
      cards.getByText(`${summary.seats.used} / ${summary.seats.total} seats`, { exact: true }),
    );
    await visible(cards.getByText(`Paying: ${summary.counts.paying}`, { exact: true }));
    await visible(cards.getByText(`Net: ${aud(summary.monthly.net)}`, { exact: true }));
    await visible(cards.getByText(`Revenue: ${aud(summary.annual.revenue)}`, { exact: true }));
  });

  it("approves from the Pending badge; the badge is then not a button", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page);
    const nordlicht = row(page, "Nordlicht Reisen");
    await nordlicht.getByRole("button", { name: "Pending: decide on Nordlicht Reisen" }).click();
    const approval = page.getByRole("dialog", { name: "Approval" });
    await visible(approval.getByRole("button", { name: "Keep for Review" }));
    await visible(approval.getByRole("button", { name: "Reject" }));
    await approval.getByRole("button", { name: "Approve", exact: true }).click();
    await expectToast(page, "Approval status updated successfully", null);
    await hidden(approval);
    await visible(nordlicht.getByText("Approved", { exact: true }));
    await waitForCount(nordlicht.getByRole("button", { name: /Pending/ }), 0);
  });

  it("adds a paying client, showing payment fields only for paying or partial", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page);
    await page.getByRole("button", { name: "Add Client Assignment", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Add Client Assignment" });
    await visible(form);
    await waitForCount(form.getByLabel("Payment Amount"), 0);
    await form.getByRole("button", { name: "Add Assignment", exact: true }).click();
    await visible(form.getByText("Please select a license", { exact: true }));
    await visible(form.getByText("Client name must be at least 2 characters.", { exact: true }));

    await form.getByRole("combobox", { name: "License" }).click();
    await page.getByRole("option").first().click();
    await form.getByLabel("Client Name").fill("Zephyr Studio");
    await form.getByLabel("Domain").fill("zephyr.studio");
    await form.getByRole("combobox", { name: "Payment Status" }).click();
    await page.getByRole("option", { name: "Paying", exact: true }).click();
    await form.getByLabel("Payment Amount").fill("99");
    await form.getByRole("button", { name: "Add Assignment", exact: true }).click();
    await expectToast(page, "Client license assignment added successfully", null);
    await hidden(form);

    await page.getByRole("searchbox", { name: "Search client assignments" }).fill("zephyr.stu");
    await visible(row(page, "Zephyr Studio").getByText("A$99.00", { exact: true }));
    await page.getByRole("searchbox", { name: "Search client assignments" }).fill("no such client");
    await visible(page.getByText("No results match your search criteria.", { exact: true }));
    await page.getByRole("button", { name: "Clear Search", exact: true }).click();
    await visible(row(page, "Harbour Dental Group"));
  });

  it("filters by tab and deactivates with a reason", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openPage(page);
    await page.getByRole("button", { name: "Inactive", exact: true }).click();
    await visible(row(page, "Atlas Freight Co"));
    await waitForCount(row(page, "Harbour Dental Group"), 0);
    expect(new URL(page.url()).searchParams.get("status")).toBe("inactive");

    await page.getByRole("button", { name: "Active", exact: true }).click();
    await row(page, "Pinecrest Physio")
      .getByRole("button", { name: "Deactivate Pinecrest Physio" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Deactivate Client Assignment" });
    await dialog.getByLabel("Cancellation Reason").fill("Project finished");
    await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
    await expectToast(page, "Status updated successfully", null);
    await waitForCount(row(page, "Pinecrest Physio"), 0);
  });
});
