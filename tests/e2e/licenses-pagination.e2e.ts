// Paging of the Licenses and License Assignments screens, with enough licenses (made through the
// API on top of the demo data) for more than one page. Its own file, so its server's extra
// licenses do not move the other licenses specs' rows onto a second page.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { LicenseDto } from "@/domain/schemas/licenses";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, expectToast, until, visible, waitForCount } from "../support/e2e-ui";

const e2e = setupE2e();
const TAG = Math.random().toString(36).slice(2, 7).toUpperCase();
const CREATED = 55;
/** Every license in the screens' order (name, then id), as the server lists them. */
let all: LicenseDto[];

beforeAll(async () => {
  const api = await adminApi(e2e.baseUrl);
  for (let i = 0; i < CREATED; i++) {
    await api("POST", "/api/licenses", {
      name: `Paged ${TAG} ${String(i).padStart(2, "0")}`,
      licenseKey: `PAGE-${TAG}-${1000 + i}`,
      totalSeats: 2,
    });
  }
  all = await api<LicenseDto[]>("GET", "/api/licenses?sort=name&order=asc");
});

const licensesTable = (page: Page) => page.getByRole("table", { name: "Licenses", exact: true });
const licenseRow = (page: Page, name: string) =>
  licensesTable(page).getByRole("row").filter({ hasText: name });

/** The license ids of every GET /api/assignments the page sends (and checks it is a page's). */
function recordAssignmentRequests(page: Page) {
  const requests: { licenseIds: number[] | null; active: string | null }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname !== "/api/assignments" || request.method() !== "GET") return;
    const ids = url.searchParams.get("licenseIds");
    requests.push({
      licenseIds: ids === null ? null : ids.split(",").map(Number),
      active: url.searchParams.get("active"),
    });
  });
  return requests;
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe("paging the licenses screens", () => {
  it("shows 50 licenses a page, turns pages, and a search starts again at page 1", async () => {
    const total = all.length;
    expect(total).toBeGreaterThan(50);
    const page = await e2e.pageAs(DEMO_ADMIN);
    const assignmentRequests = recordAssignmentRequests(page);
    await page.goto(e2e.url("/licenses"));

    const pager = page.getByRole("navigation", { name: "Licenses pages", exact: true });
    const previous = pager.getByRole("button", { name: "Previous page", exact: true });
    const next = pager.getByRole("button", { name: "Next page", exact: true });
    const rows = licensesTable(page).locator("tbody tr");
    await visible(pager.getByText(`Showing 1–50 of ${total}`, { exact: true }));
    await waitForCount(rows, 50);
    await visible(licenseRow(page, all[0]!.name));
    await visible(licenseRow(page, all[49]!.name));
    await waitForCount(licenseRow(page, all[50]!.name), 0);
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);

    await next.click();
    await visible(pager.getByText(`Showing 51–${total} of ${total}`, { exact: true }));
    await waitForCount(rows, total - 50);
    await visible(licenseRow(page, all[50]!.name));
    await visible(licenseRow(page, all[total - 1]!.name));
    await waitForCount(licenseRow(page, all[0]!.name), 0);
    await until(() => next.isDisabled(), "Next is disabled on the last page");
    expect(await previous.isDisabled()).toBe(false);

    // The assignee chips come from the seats of the licenses on screen only.
    await until(
      async () =>
        assignmentRequests.some(
          (request) =>
            JSON.stringify(sorted(request.licenseIds ?? [])) ===
            JSON.stringify(sorted(all.slice(50).map((license) => license.id))),
        ),
      "the second page's assignments are asked for",
    );
    for (const request of assignmentRequests) {
      expect(request.active).toBe("true");
      expect(request.licenseIds?.length ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(50);
    }

    await previous.click();
    await visible(pager.getByText(`Showing 1–50 of ${total}`, { exact: true }));
    await visible(licenseRow(page, all[0]!.name));
    await next.click();
    await visible(pager.getByText(`Showing 51–${total} of ${total}`, { exact: true }));

    // A search goes back to page 1 of its own results.
    await page.getByLabel("Search licenses").fill(`Paged ${TAG}`);
    await visible(pager.getByText(`Showing 1–50 of ${CREATED}`, { exact: true }));
    await waitForCount(rows, 50);
    await visible(licenseRow(page, `Paged ${TAG} 00`));
    expect(await previous.isDisabled()).toBe(true);
    await next.click();
    await visible(pager.getByText(`Showing 51–${CREATED} of ${CREATED}`, { exact: true }));
    await waitForCount(rows, CREATED - 50);
    await visible(licenseRow(page, `Paged ${TAG} 54`));

    // So does a change of order.
    await page.getByRole("combobox", { name: "Order", exact: true }).click();
    await page.getByRole("option", { name: "Descending", exact: true }).click();
    await visible(pager.getByText(`Showing 1–50 of ${CREATED}`, { exact: true }));
    await visible(licenseRow(page, `Paged ${TAG} 54`));
    await waitForCount(licenseRow(page, `Paged ${TAG} 00`), 0);
  });

  it("pages the License Assignments cards 20 at a time and refreshes a page after a write", async () => {
    const total = all.length;
    const page = await e2e.pageAs(DEMO_ADMIN);
    const assignmentRequests = recordAssignmentRequests(page);
    await page.goto(e2e.url("/assignments"));

    const pager = page.getByRole("navigation", { name: "License cards pages", exact: true });
    const cards = page.locator("[data-license-card]");
    await visible(pager.getByText(`Showing 1–20 of ${total}`, { exact: true }));
    await waitForCount(cards, 20);
    await visible(page.getByRole("region", { name: all[0]!.name, exact: true }));
    await waitForCount(page.getByRole("region", { name: all[20]!.name, exact: true }), 0);
    expect(
      await pager.getByRole("button", { name: "Previous page", exact: true }).isDisabled(),
    ).toBe(true);

    await pager.getByRole("button", { name: "Next page", exact: true }).click();
    await visible(pager.getByText(`Showing 21–40 of ${total}`, { exact: true }));
    await waitForCount(cards, 20);
    await waitForCount(page.getByRole("region", { name: all[0]!.name, exact: true }), 0);
    const secondPage = all.slice(20, 40);
    await until(
      async () =>
        assignmentRequests.some(
          (request) =>
            JSON.stringify(sorted(request.licenseIds ?? [])) ===
            JSON.stringify(sorted(secondPage.map((license) => license.id))),
        ),
      "the second page's assignments are asked for",
    );
    expect(assignmentRequests.every((request) => request.active === "true")).toBe(true);
    expect(assignmentRequests.every((request) => (request.licenseIds?.length ?? 99) <= 20)).toBe(
      true,
    );

    // Assign a seat on page 2: the page is read again and stays page 2.
    const target = secondPage.find((license) => license.name.startsWith(`Paged ${TAG}`))!;
    const card = page.getByRole("region", { name: target.name, exact: true });
    await card.getByRole("button", { name: "Assign License", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Assign License", exact: true });
    await dialog.getByLabel("User").fill("jane");
    await dialog.getByRole("option", { name: /Jane Cooper/ }).click();
    await dialog.getByRole("button", { name: "Assign", exact: true }).click();
    await expectToast(page, "License assigned", "License successfully assigned to Jane Cooper.");
    await visible(card.getByRole("button", { name: "Unassign Jane Cooper", exact: true }));
    await visible(pager.getByText(`Showing 21–40 of ${total}`, { exact: true }));
  });
});
