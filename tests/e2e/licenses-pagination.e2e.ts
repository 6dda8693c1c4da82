// Paging of the Licenses and License Assignments screens, with enough licenses (made through the
// API on top of the demo data) for more than one page. Its own file, so its server's extra
// licenses do not move the other licenses specs' rows onto a second page.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { LicenseResponse } from "@/domain/schemas/licenses";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import {
  adminApi,
  expectColumnReachable,
  expectToast,
  until,
  visible,
  waitForCount,
} from "../support/e2e-ui";

const e2e = setupE2e();
const TAG = Math.random().toString(36).slice(2, 7).toUpperCase();
const CREATED = 55;
/** Every license in the screens' order (name, then id), as the server lists them. */
let all: LicenseResponse[];

beforeAll(async () => {
  const api = await adminApi(e2e.baseUrl);
  for (let i = 0; i < CREATED; i++) {
    await api("POST", "/api/licenses", {
      name: `Paged ${TAG} ${String(i).padStart(2, "0")}`,
      licenseKey: `PAGE-${TAG}-${1000 + i}`,
      totalSeats: 2,
    });
  }
  all = await api<LicenseResponse[]>("GET", "/api/licenses?sort=name&order=asc");
});

const licensesTable = (page: Page) => page.getByRole("table", { name: "Licenses", exact: true });
const licenseRow = (page: Page, name: string) =>
  licensesTable(page).getByRole("row").filter({ hasText: name });

const SEATS = "/api/assignments/of-license-page";

interface ListRequest {
  path: string;
  query: URLSearchParams;
  sentAt: number;
  answeredAt?: number;
}

/**
 * Every GET of a license page and of its seats (GET /api/licenses and
 * /api/assignments/of-license-page), with when it was sent and answered.
 */
function recordListRequests(page: Page) {
  const requests: ListRequest[] = [];
  const paths = ["/api/licenses", "/api/assignments", "/api/assignments/of-license-page"];
  const byRequest = new Map<unknown, ListRequest>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() !== "GET" || !paths.includes(url.pathname)) return;
    const entry = { path: url.pathname, query: url.searchParams, sentAt: Date.now() };
    byRequest.set(request, entry);
    requests.push(entry);
  });
  page.on("requestfinished", (request) => {
    const entry = byRequest.get(request);
    if (entry) entry.answeredAt = Date.now();
  });
  return requests;
}

/**
 * Whether a list request reads the page at `offset`: page 1 by offset; a later page by offset, by
 * the cursor of the page beside it (after= / before=, the offset then counting from the cursor)
 * or from the list's end (fromEnd=true), as the list kit chooses (decision 0040).
 */
function readsPage(query: URLSearchParams, offset: number, limit: number) {
  const byKeyset = query.has("after") || query.has("before") || query.has("fromEnd");
  if (offset === 0 || !byKeyset) {
    return (
      !byKeyset &&
      (query.get("offset") ?? "0") === String(offset) &&
      query.get("limit") === String(limit)
    );
  }
  return query.has("fromEnd") || query.get("limit") === String(limit);
}

/**
 * The seats of the page at `offset` were asked for with the list's own query, and sent before
 * the list's answer came back: the two requests run side by side, not one after the other.
 */
async function expectSeatsAskedBesideList(requests: ListRequest[], offset: number, limit: number) {
  const ofPage = (path: string) =>
    requests.findLast(
      (request) => request.path === path && readsPage(request.query, offset, limit),
    );
  await until(
    async () => ofPage("/api/licenses")?.answeredAt !== undefined && !!ofPage(SEATS),
    `the page at offset ${offset} and its seats are asked for`,
  );
  const list = ofPage("/api/licenses")!;
  const seats = ofPage(SEATS)!;
  expect(seats.query.toString()).toBe(list.query.toString());
  expect(seats.sentAt).toBeLessThanOrEqual(list.answeredAt!);
  // No request for seats by license ids, which would have to wait for the list.
  expect(requests.filter((request) => request.path === "/api/assignments")).toEqual([]);
}

describe("paging the licenses screens", () => {
  it("shows 50 licenses a page, turns pages, and a search starts again at page 1", async () => {
    const total = all.length;
    expect(total).toBeGreaterThan(50);
    const page = await e2e.pageAs(DEMO_ADMIN);
    const listRequests = recordListRequests(page);
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

    // The assignee chips come from the seats of the licenses on screen only, asked for at once.
    await expectSeatsAskedBesideList(listRequests, 0, 50);
    await expectSeatsAskedBesideList(listRequests, 50, 50);

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
    const listRequests = recordListRequests(page);
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
    await expectSeatsAskedBesideList(listRequests, 20, 20);

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

describe("the licenses list's state in the URL", () => {
  it("keeps page, filter, sort and search through a reload, and Back and Forward step through them", async () => {
    const total = all.length;
    const page = await e2e.pageAs(DEMO_ADMIN);
    const pager = page.getByRole("navigation", { name: "Licenses pages", exact: true });
    const search = page.getByRole("searchbox", { name: "Search licenses", exact: true });
    const status = page.getByRole("combobox", { name: "Status", exact: true });
    const order = page.getByRole("combobox", { name: "Order", exact: true });
    const query = () => new URL(page.url()).searchParams.toString();

    await page.goto(e2e.url("/licenses"));
    await visible(pager.getByText(`Showing 1–50 of ${total}`, { exact: true }));
    await pager.getByRole("button", { name: "Next page", exact: true }).click();
    await visible(pager.getByText(`Showing 51–${total} of ${total}`, { exact: true }));
    expect(query()).toBe("page=2");
    await page.reload();
    await visible(pager.getByText(`Showing 51–${total} of ${total}`, { exact: true }));
    await visible(licenseRow(page, all[total - 1]!.name));

    // A new sort starts again at page 1, as its own history entry.
    await order.click();
    await page.getByRole("option", { name: "Descending", exact: true }).click();
    await visible(pager.getByText(`Showing 1–50 of ${total}`, { exact: true }));
    await visible(licenseRow(page, all[total - 1]!.name));
    expect(query()).toBe("order=desc");

    // Typing a search: one history entry for the search, however many pauses while typing.
    await search.pressSequentially(`Paged ${TAG}`, { delay: 20 });
    await visible(pager.getByText(`Showing 1–50 of ${CREATED}`, { exact: true }));
    await search.pressSequentially(" 5", { delay: 20 });
    await until(
      async () => (await licensesTable(page).locator("tbody tr").count()) === 5,
      "5 rows",
    );
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      order: "desc",
      search: `Paged ${TAG} 5`,
    });
    await page.reload();
    expect(await search.inputValue()).toBe(`Paged ${TAG} 5`);
    await visible(licenseRow(page, `Paged ${TAG} 54`));
    await waitForCount(licensesTable(page).locator("tbody tr"), 5);
    expect(await order.textContent()).toBe("Descending");

    await status.click();
    // None of them has an expiry date, so none is expiring soon.
    await page.getByRole("option", { name: "Expiring soon", exact: true }).click();
    await visible(page.getByText("No licenses found", { exact: true }));
    expect(new URL(page.url()).searchParams.get("status")).toBe("expiring");

    await page.goBack();
    await visible(licenseRow(page, `Paged ${TAG} 54`));
    expect(await status.textContent()).toBe("All statuses");
    await page.goBack();
    await visible(pager.getByText(`Showing 1–50 of ${total}`, { exact: true }));
    await until(async () => (await search.inputValue()) === "", "the search box is emptied");
    expect(query()).toBe("order=desc");
    await page.goBack();
    await visible(pager.getByText(`Showing 51–${total} of ${total}`, { exact: true }));
    expect(await order.textContent()).toBe("Ascending");
    await page.goForward();
    await visible(pager.getByText(`Showing 1–50 of ${total}`, { exact: true }));
    expect(await order.textContent()).toBe("Descending");
  });

  it("keeps the License Assignments page through a reload and Back", async () => {
    const total = all.length;
    const page = await e2e.pageAs(DEMO_ADMIN);
    const pager = page.getByRole("navigation", { name: "License cards pages", exact: true });
    await page.goto(e2e.url("/assignments?page=2"));
    await visible(pager.getByText(`Showing 21–40 of ${total}`, { exact: true }));
    await visible(page.getByRole("region", { name: all[20]!.name, exact: true }));
    await pager.getByRole("button", { name: "Next page", exact: true }).click();
    await visible(
      pager.getByText(`Showing 41–${Math.min(60, total)} of ${total}`, { exact: true }),
    );
    await page.reload();
    await visible(
      pager.getByText(`Showing 41–${Math.min(60, total)} of ${total}`, { exact: true }),
    );
    await page.goBack();
    await visible(pager.getByText(`Showing 21–40 of ${total}`, { exact: true }));
  });
});

describe("the Licenses table's width", () => {
  it.each([1366, 1024, 800])("keeps the Actions column within reach at %i px", async (width) => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(e2e.url("/licenses"));
    const table = licensesTable(page);
    const row = licenseRow(page, all[0]!.name);
    await visible(row);
    await expectColumnReachable(
      table,
      "Actions",
      row.getByRole("button", { name: "Edit license" }),
    );
  });
});
