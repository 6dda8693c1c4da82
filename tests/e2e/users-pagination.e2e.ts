// The Users table paged and searched by the server, its search and page in the URL, and its width.
// Its own file (and server), so the users it adds do not move other specs' rows to a second page.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiLogin, DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import {
  adminApi,
  expectColumnReachable,
  hidden,
  until,
  visible,
  waitForCount,
} from "../support/e2e-ui";

const e2e = setupE2e();
const TAG = Math.random().toString(36).slice(2, 7);
const CREATED = 55;
let total: number;

beforeAll(async () => {
  const api = await adminApi(e2e.baseUrl);
  for (let i = 0; i < CREATED; i++) {
    await api("POST", "/api/users", {
      username: `pg-${TAG}-${String(i).padStart(2, "0")}`,
      password: "paged-password",
      fullName: `Paged Person ${i}`,
      department: `Paging ${TAG}`,
    });
  }
  const cookie = `qm_session=${await apiLogin(e2e.baseUrl, DEMO_ADMIN)}`;
  const response = await fetch(`${e2e.baseUrl}/api/users?limit=1`, { headers: { cookie } });
  total = Number(response.headers.get("x-total-count"));
});

const usersTable = (page: Page) => page.getByRole("table", { name: "Users", exact: true });
const bodyRows = (page: Page) => usersTable(page).locator("tbody tr");
const pagerOf = (page: Page) => page.getByRole("navigation", { name: "Users pages", exact: true });
const showing = (page: Page, text: string) =>
  visible(pagerOf(page).getByText(`Showing ${text}`, { exact: true }));

/** The query of every GET /api/users the page sends. */
function recordUserRequests(page: Page) {
  const queries: URLSearchParams[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.pathname === "/api/users") {
      queries.push(url.searchParams);
    }
  });
  return queries;
}

describe("the Users table, paged and searched by the server", () => {
  it("reads 50 users a page, searches on the server, and keeps search and page in the URL", async () => {
    expect(total).toBeGreaterThan(CREATED);
    const page = await e2e.pageAs(DEMO_ADMIN);
    const requests = recordUserRequests(page);
    const search = page.getByRole("searchbox", { name: "Search users", exact: true });
    const next = pagerOf(page).getByRole("button", { name: "Next page", exact: true });
    const query = () => Object.fromEntries(new URL(page.url()).searchParams);

    await page.goto(e2e.url("/users"));
    await showing(page, `1–50 of ${total}`);
    await waitForCount(bodyRows(page), 50);
    await next.click();
    await showing(page, `51–${total} of ${total}`);
    await waitForCount(bodyRows(page), total - 50);
    expect(query()).toEqual({ page: "2" });
    await page.reload();
    await showing(page, `51–${total} of ${total}`);

    // The search goes to the server and starts again at page 1.
    await search.pressSequentially(`pg-${TAG}`, { delay: 20 });
    await showing(page, `1–50 of ${CREATED}`);
    await visible(usersTable(page).getByRole("cell", { name: `pg-${TAG}-00`, exact: true }));
    expect(query()).toEqual({ search: `pg-${TAG}` });
    await next.click();
    await showing(page, `51–${CREATED} of ${CREATED}`);
    await visible(usersTable(page).getByRole("cell", { name: `pg-${TAG}-54`, exact: true }));
    await page.reload();
    expect(await search.inputValue()).toBe(`pg-${TAG}`);
    await showing(page, `51–${CREATED} of ${CREATED}`);

    // Every request asked for one page; the searched ones carried the search.
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(request.get("limit")).toBe("50");
    expect(
      requests.some(
        (request) => request.get("search") === `pg-${TAG}` && request.get("offset") === "50",
      ),
    ).toBe(true);

    await page.goBack();
    await showing(page, `1–50 of ${CREATED}`);
    await page.goBack();
    await showing(page, `51–${total} of ${total}`);
    await until(async () => (await search.inputValue()) === "", "the search box is emptied");
    await page.goForward();
    await showing(page, `1–50 of ${CREATED}`);
    await until(
      async () => (await search.inputValue()) === `pg-${TAG}`,
      "the search is shown again",
    );
  });

  it("keeps the page asked for when a dialog closes in the same moment", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/users"));
    await showing(page, `1–50 of ${total}`);
    // Taken before the dialog opens: a modal dialog hides the rest of the page from role queries.
    const next = await pagerOf(page)
      .getByRole("button", { name: "Next page", exact: true })
      .elementHandle();
    await bodyRows(page)
      .first()
      .getByRole("button", { name: "View user details", exact: true })
      .click();
    const details = page.getByRole("dialog", { name: "User Details", exact: true });
    await visible(details);

    // Both in one task, before the router has rendered the first: the next page is asked for,
    // then the dialog closes. Closing it must not write the URL of the render before.
    await page.evaluate((button) => {
      (button as HTMLButtonElement).click();
      document.activeElement?.dispatchEvent(
        new KeyboardEvent("keydown", { key: "Escape", bubbles: true }),
      );
    }, next);
    await hidden(details);
    await showing(page, `51–${total} of ${total}`);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ page: "2" });
  });

  it.each([1366, 1024, 800])("keeps the Actions column within reach at %i px", async (width) => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(e2e.url(`/users?search=pg-${TAG}-0`));
    const row = usersTable(page)
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: `pg-${TAG}-01`, exact: true }) });
    await visible(row);
    await expectColumnReachable(
      usersTable(page),
      "Actions",
      row.getByRole("button", { name: "Edit user", exact: true }),
    );
  });
});
