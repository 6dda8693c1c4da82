// The activity log in the browser (issue 15): an administrator's changes read back on the Activity
// page (newest first, searched, filtered and paged with the state in the URL, each record linking
// to its item), one item's History in its dialog, the load failure, and an ordinary user kept out.
// Its own file and server, so the records it counts are its own.
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiLogin, DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import {
  adminApi,
  callApi,
  expectFocus,
  expectToast,
  focusedElement,
  hidden,
  until,
  visible,
  waitForCount,
} from "../support/e2e-ui";

const e2e = setupE2e();
const TAG = `act${Math.random().toString(36).slice(2, 7)}`;
const CREATED = 55;
const nameOf = (i: number) => `Logged ${TAG} ${String(i).padStart(2, "0")}`;
const EDITED = nameOf(0);
const FIRST_PAGE_TIMEOUT = 60_000;

beforeAll(async () => {
  const api = await adminApi(e2e.baseUrl);
  for (let i = 0; i < CREATED; i++) {
    await api("POST", "/api/licenses", { name: nameOf(i), licenseKey: `LOG-${TAG}-${i}-SECRET` });
  }
});

const activityTable = (page: Page) => page.getByRole("table", { name: "Activity", exact: true });
const bodyRows = (page: Page) => activityTable(page).locator("tbody tr");
const pagerOf = (page: Page) =>
  page.getByRole("navigation", { name: "Activity pages", exact: true });
const showing = (page: Page, text: string) =>
  visible(pagerOf(page).getByText(`Showing ${text}`, { exact: true }));
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Edits the first license's product and key through its dialog, as a person would. */
async function editLicense(page: Page) {
  await page.goto(e2e.url(`/licenses?search=${encodeURIComponent(EDITED)}`));
  const edit = page
    .getByRole("row")
    .filter({ hasText: EDITED })
    .getByRole("button", { name: "Edit license", exact: true });
  await edit.click();
  const dialog = page.getByRole("dialog", { name: "Edit License", exact: true });
  await visible(dialog);
  await dialog.getByLabel("Product", { exact: true }).fill("Audited Suite");
  await dialog.getByLabel("License Key", { exact: true }).fill(`NEW-${TAG}-SECRET`);
  await dialog.getByRole("button", { name: "Save Changes", exact: true }).click();
  await expectToast(page, "License updated", `${EDITED} has been updated successfully.`);
  await hidden(dialog);
  return edit;
}

/** Escape closes a dialog a link opened: the URL drops the item, and focus rests on the page. */
async function closeLinkedDialog(page: Page, dialog: Locator) {
  await page.keyboard.press("Escape");
  await hidden(dialog);
  await until(async () => query(page).item === undefined, "the item is gone from the URL");
  await expectFocus(page.locator("main"), "the page's main region");
}

/** Opens the Activity page at the newest record of one area and action for `search`. */
async function openRecord(page: Page, search: string, area: string, action: string) {
  const filters = new URLSearchParams({ search, area, action });
  await page.goto(e2e.url(`/activity?${filters}`));
  const record = bodyRows(page).first();
  await visible(record.getByText(activityActionName(action), { exact: true }));
  return record;
}

const activityActionName = (action: string) => action.charAt(0).toUpperCase() + action.slice(1);

describe("the Activity page", () => {
  it("shows an administrator's change newest first, with its fields before and after", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const edit = await editLicense(page);
    await expectFocus(edit, "the Edit license button");

    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", {
        name: "Activity Log",
        exact: true,
      })
      .click();
    await page.waitForURL((url) => url.pathname === "/activity");
    const newest = bodyRows(page).first();
    await visible(newest.getByText("Update", { exact: true }));
    await visible(newest.getByRole("link", { name: EDITED, exact: true }));
    await visible(newest.getByRole("link", { name: DEMO_ADMIN, exact: true }));
    const changes = newest.getByRole("list", { name: "Changed fields" });
    expect(await changes.textContent()).toContain("Product:");
    expect(await changes.textContent()).toContain("Audited Suite");
    // The key is recorded as changed, never with its value.
    expect(await changes.textContent()).toContain("License key:");
    expect(await newest.textContent()).not.toContain("SECRET");
    expect(await newest.textContent()).toContain("********");

    // The item's link opens the license itself: its Edit dialog, named in the URL by id.
    await newest.getByRole("link", { name: EDITED, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/licenses");
    expect(Object.keys(query(page))).toEqual(["item"]);
    const dialog = page.getByRole("dialog", { name: "Edit License", exact: true });
    await visible(dialog);
    expect(await dialog.getByLabel("License Name", { exact: true }).inputValue()).toBe(EDITED);
    await closeLinkedDialog(page, dialog);
  });

  it("searches, filters and pages on the server with the state in the URL", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/activity"));
    const search = page.getByRole("searchbox", { name: "Search activity", exact: true });
    // The first page can take long on a loaded machine: wait for it longer than for a change.
    await bodyRows(page).first().waitFor({ timeout: FIRST_PAGE_TIMEOUT });

    // Keyboard: the search box, then each filter in order.
    await search.focus();
    for (const name of ["Person: Anyone", "Area", "Action", "From"]) {
      await page.keyboard.press("Tab");
      expect(await focusedElement(page)).toContain(name);
    }
    // A date box takes a Tab stop for each of its parts (month, day, year): To comes after them.
    let presses = 0;
    while ((await focusedElement(page)) !== "INPUT To" && presses < 8) {
      await page.keyboard.press("Tab");
      presses += 1;
    }
    expect(await focusedElement(page)).toBe("INPUT To");

    // The search and each filter go to the server and back to page 1, each in the URL. Only
    // this file's licenses match the search; of their records, the creations are CREATED.
    await search.pressSequentially(TAG, { delay: 20 });
    await until(async () => query(page).search === TAG, "the search is in the URL");
    await page.getByRole("combobox", { name: "Action", exact: true }).click();
    await page.getByRole("option", { name: "Create", exact: true }).click();
    await showing(page, `1–50 of ${CREATED}`);
    expect(query(page)).toEqual({ search: TAG, action: "create" });
    // The next page is asked for after page 1's last record (keyset, decision 0029); the same
    // page opened from its URL, with no page 1 in hand, by offset.
    const asked: URLSearchParams[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/activity") asked.push(url.searchParams);
    });
    await pagerOf(page).getByRole("button", { name: "Next page", exact: true }).click();
    await showing(page, `51–${CREATED} of ${CREATED}`);
    await waitForCount(bodyRows(page), CREATED - 50);
    expect(query(page)).toEqual({ search: TAG, action: "create", page: "2" });
    expect(asked.map((params) => [params.get("after") !== null, params.get("offset")])).toEqual([
      [true, "0"],
    ]);
    const byCursor = await bodyRows(page).allInnerTexts();
    asked.length = 0;
    await page.reload();
    await showing(page, `51–${CREATED} of ${CREATED}`);
    expect(asked.map((params) => [params.get("after"), params.get("offset")])).toEqual([
      [null, "50"],
    ]);
    expect(await bodyRows(page).allInnerTexts()).toEqual(byCursor);

    await page.getByRole("combobox", { name: "Area", exact: true }).click();
    await page.getByRole("option", { name: "Hardware", exact: true }).click();
    await visible(page.getByText("No activity found.", { exact: true }));
    expect(query(page)).toEqual({ search: TAG, action: "create", area: "hardware" });
    await page.goBack();
    await showing(page, `51–${CREATED} of ${CREATED}`);

    await page.getByLabel("From", { exact: true }).fill("2099-01-01");
    await visible(page.getByText("No activity found.", { exact: true }));
    expect(query(page)).toEqual({ search: TAG, action: "create", from: "2099-01-01" });
    await page.getByRole("button", { name: "Clear filters", exact: true }).click();
    await until(async () => query(page).action === undefined, "the filters are cleared");
    expect(query(page)).toEqual({ search: TAG });
    await visible(bodyRows(page).first());

    // A person's name filters by them.
    await bodyRows(page).first().getByRole("link", { name: DEMO_ADMIN, exact: true }).click();
    await until(async () => query(page).userId !== undefined, "the person is in the URL");
    await visible(page.getByRole("button", { name: `Person: ${DEMO_ADMIN}`, exact: true }));
  });

  it("links a record to its item's dialog, even when the item is not on its list's first page", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    // The last of this file's licenses by name: after the 50 before it, on page 2 of Licenses.
    const last = nameOf(CREATED - 1);
    const record = await openRecord(page, last, "licenses", "create");
    await record.getByRole("link", { name: last, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/licenses");
    const dialog = page.getByRole("dialog", { name: "Edit License", exact: true });
    await visible(dialog);
    expect(await dialog.getByLabel("License Name", { exact: true }).inputValue()).toBe(last);
    await closeLinkedDialog(page, dialog);
    // Behind it, the list's first page, which does not hold the license.
    const table = page.getByRole("table", { name: "Licenses", exact: true });
    await visible(table.locator("tbody tr").first());
    expect(await table.getByRole("row").filter({ hasText: last }).count()).toBe(0);
    // Closing replaced the item's address: Back returns to the Activity page, not to the dialog.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/activity");
  });

  it("links hardware, listing and plan records to their Edit dialogs, and a person's to their details", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const api = await adminApi(e2e.baseUrl);
    const serial = `LINK-${TAG}`;
    const item = await api<{ id: number }>("POST", "/api/hardware", {
      name: `Linked laptop ${TAG}`,
      type: "laptop",
      identifier: serial,
    });
    await api("PATCH", `/api/hardware/${item.id}`, { location: "Shelf 3" });
    const record = await openRecord(page, `Linked laptop ${TAG}`, "hardware", "update");
    await record.getByRole("link", { name: `Linked laptop ${TAG}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/hardware");
    expect(query(page).item).toBe(String(item.id));
    const edit = page.getByRole("dialog", { name: "Edit Hardware", exact: true });
    await visible(edit);
    expect(await edit.getByLabel("Location", { exact: true }).inputValue()).toBe("Shelf 3");
    await closeLinkedDialog(page, edit);

    const username = `link-${TAG}`;
    await api("POST", "/api/users", {
      username,
      password: "linked-password",
      fullName: "Linked Person",
    });
    const created = await openRecord(page, username, "users", "create");
    await created.getByRole("link", { name: username, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/users");
    const details = page.getByRole("dialog", { name: "User Details", exact: true });
    await visible(details);
    await visible(details.getByText(`Linked Person (${username})`, { exact: true }));
    await closeLinkedDialog(page, details);

    // A listing, read by the id the page did not have (GET /api/directories/:id).
    const listing = await api<{ id: number }>("POST", "/api/directories", {
      name: `Linked listing ${TAG}`,
      paymentAmount: 10,
      nextPaymentDate: "2030-01-01",
    });
    const listed = await openRecord(page, `Linked listing ${TAG}`, "directories", "create");
    await listed.getByRole("link", { name: `Linked listing ${TAG}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/directories");
    expect(query(page).item).toBe(String(listing.id));
    const directory = page.getByRole("dialog", { name: "Edit Directory", exact: true });
    await visible(directory);
    expect(await directory.getByLabel("Directory Name", { exact: true }).inputValue()).toBe(
      `Linked listing ${TAG}`,
    );
    await closeLinkedDialog(page, directory);

    // A G Suite plan, on its own tab of the G Suite page.
    const plan = await api<{ id: number }>("POST", "/api/gsuite-plans", {
      name: `Linked plan ${TAG}`,
      basePrice: 6,
    });
    const planned = await openRecord(page, `Linked plan ${TAG}`, "gsuite_plans", "create");
    await planned.getByRole("link", { name: `Linked plan ${TAG}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/gsuite-accounts");
    expect(query(page)).toEqual({ tab: "plans", item: String(plan.id) });
    const planDialog = page.getByRole("dialog", { name: "Edit Plan", exact: true });
    await visible(planDialog);
    expect(await planDialog.getByLabel("Plan Name", { exact: true }).inputValue()).toBe(
      `Linked plan ${TAG}`,
    );
    await closeLinkedDialog(page, planDialog);
  });

  it("says when a linked item is gone instead of opening a dialog", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/licenses?item=999999"));
    await expectToast(page, "License not found", "The license may have been deleted.");
    await until(async () => query(page).item === undefined, "the item is gone from the URL");
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("says when the log cannot be read, and reads it again on request", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    let fail = true;
    await page.route(
      (url) => url.pathname === "/api/activity",
      (route) =>
        fail
          ? route.fulfill({
              status: 503,
              contentType: "application/json",
              body: JSON.stringify({ code: "database_unavailable", message: "Try later." }),
            })
          : route.continue(),
    );
    await page.goto(e2e.url("/activity"));
    const alert = page.getByRole("alert").filter({ hasText: "Failed to load the activity log." });
    await visible(alert);
    fail = false;
    await alert.getByRole("button", { name: "Try again", exact: true }).click();
    await visible(activityTable(page));
  });

  it("says 'about' an estimated total, and moves back by the exact count from past its end", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    // The whole log's first page as a log of a million records answers it (the server's own
    // estimate needs 100,000 records: server/activity/activity-estimate.test.ts).
    await page.route(
      (url) => url.pathname === "/api/activity" && url.searchParams.get("offset") === "0",
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({
          response,
          headers: {
            ...response.headers(),
            "x-total-count": "1000006",
            "x-total-count-estimated": "true",
          },
        });
      },
    );
    await page.goto(e2e.url("/activity"));
    await bodyRows(page).first().waitFor({ timeout: FIRST_PAGE_TIMEOUT });
    await showing(page, "1–50 of about 1,000,000");

    // The pager's last page by that estimate holds no record: the server counts them exactly,
    // and the screen moves back to the real last page, whose total is exact.
    await page.goto(e2e.url(`/activity?page=${Math.ceil(1_000_006 / 50)}`));
    await until(async () => Number(query(page).page) < 100, "the page moved back");
    // The pager follows the URL a render later: wait for its exact wording, not its first one.
    const text = pagerOf(page).getByText(/^Showing /);
    const exact = /^Showing [\d,]+–([\d,]+) of ([\d,]+)$/;
    let shown: RegExpExecArray | null = null;
    await until(async () => {
      shown = exact.exec((await text.textContent()) ?? "");
      return shown !== null;
    }, "the pager shows the exact total");
    const [, last, total] = shown!;
    expect(last).toBe(total);
    expect(Number(query(page).page)).toBe(Math.ceil(Number(total!.replaceAll(",", "")) / 50));
  });

  it("is not offered to an ordinary user, and the server refuses them", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/activity"));
    await page.waitForURL((url) => url.pathname === "/");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await visible(nav.getByRole("link", { name: "Dashboard", exact: true }));
    expect(await nav.getByRole("link", { name: "Activity Log" }).count()).toBe(0);
    const cookie = `qm_session=${await apiLogin(e2e.baseUrl, DEMO_USER)}`;
    expect((await callApi(e2e.baseUrl, cookie, "GET", "/api/activity")).status).toBe(403);
  });
});

describe("an item's History", () => {
  it("lists the license's own records in its dialog, loaded when opened", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const requests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/activity") requests.push(url.search);
    });
    await page.goto(e2e.url(`/licenses?search=${encodeURIComponent(nameOf(1))}`));
    const edit = page
      .getByRole("row")
      .filter({ hasText: nameOf(1) })
      .getByRole("button", { name: "Edit license", exact: true });
    await edit.click();
    const dialog = page.getByRole("dialog", { name: "Edit License", exact: true });
    await visible(dialog);
    expect(requests).toEqual([]);

    const toggle = dialog.getByRole("button", { name: "History", exact: true });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const history = dialog.getByRole("table", { name: "History", exact: true });
    await visible(history);
    await waitForCount(history.locator("tbody tr"), 1);
    await visible(history.getByText("Create", { exact: true }));
    expect(requests).toHaveLength(1);
    expect(new URLSearchParams(requests[0]).get("area")).toBe("licenses");

    await page.keyboard.press("Escape");
    await hidden(dialog);
    await expectFocus(edit, "the Edit license button");
  });

  it("shows a person's records in a History tab of their details", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const api = await adminApi(e2e.baseUrl);
    const username = `hist-${TAG}`;
    const created = await api<{ id: number }>("POST", "/api/users", {
      username,
      password: "history-password",
      fullName: "History Person",
    });
    await api("PATCH", `/api/users/${created.id}`, { department: "Audit" });
    await page.goto(e2e.url(`/users?search=${username}`));
    await page
      .getByRole("row")
      .filter({ hasText: username })
      .getByRole("button", { name: "View user details", exact: true })
      .click();
    const dialog = page.getByRole("dialog", { name: "User Details", exact: true });
    await visible(dialog);
    await dialog.getByRole("tab", { name: "History", exact: true }).click();
    const history = dialog.getByRole("table", { name: "History", exact: true });
    await waitForCount(history.locator("tbody tr"), 2);
    const newest = history.locator("tbody tr").first();
    await visible(newest.getByText("Update", { exact: true }));
    expect(await newest.textContent()).toContain("Audit");
  });
});
