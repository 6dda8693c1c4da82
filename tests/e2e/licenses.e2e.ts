// Licenses screens in Chromium against the real server with demo data: the administrator's whole
// license lifecycle, the License Assignments screen, and what an ordinary user (jane) may see and do.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "@/client/lib/format";
import { addDays, addYears, todayIso } from "@/domain/dates";
import { defaultRenewalExpiry } from "@/domain/recurrence";
import type { AssignmentResponse, LicenseResponse } from "@/domain/schemas/licenses";
import type { UserResponse } from "@/domain/schemas/users";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import {
  adminApi,
  expectFocus,
  expectToast,
  focusedElement,
  hidden,
  overlaps,
  UI_TIMEOUT as TIMEOUT,
  until,
  visible,
  waitForCount,
} from "../support/e2e-ui";

const e2e = setupE2e();
function licenseRow(page: Page, name: string) {
  return page
    .getByRole("table", { name: "Licenses", exact: true })
    .getByRole("row")
    .filter({ hasText: name });
}

const unique = () => Math.random().toString(36).slice(2, 7).toUpperCase();

describe("licenses as an administrator", () => {
  it("adds, edits, assigns, renews, reveals, audits, unassigns and deletes a license", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    // Every column of the spec shows at 1440 px; at 1280 the payment columns give way (0047).
    await page.setViewportSize({ width: 1440, height: 900 });
    const today = todayIso();
    const suffix = unique();
    const name = `E2E Analytics ${suffix}`;
    const renamed = `E2E Analytics Pro ${suffix}`;
    const key = `E2E1-${suffix}-WXYZ-9876`;
    const expiry = addYears(today, 1);

    await page.goto(e2e.url("/licenses"));
    await visible(page.getByRole("heading", { level: 2, name: "License Management", exact: true }));

    // Add, with the spec's defaults in place.
    // .first(): with no licenses yet, the empty state offers the same button.
    await page.getByRole("button", { name: "Add License", exact: true }).first().click();
    const addDialog = page.getByRole("dialog", { name: "Add New License", exact: true });
    await visible(addDialog);
    expect(await addDialog.getByLabel("Total Seats").inputValue()).toBe("5");
    expect(await addDialog.getByLabel("Payment Amount").inputValue()).toBe("259");
    expect(await addDialog.getByLabel("Purchase Date").inputValue()).toBe(today);
    expect(await addDialog.getByLabel("Product").inputValue()).toBe("SEO Spider");
    await visible(
      addDialog.getByText("This will be securely stored and masked by default.", { exact: true }),
    );
    // The shared schema's messages show before anything is sent.
    await addDialog.getByRole("button", { name: "Add License", exact: true }).click();
    await visible(addDialog.getByText("Name is required", { exact: true }));
    await visible(addDialog.getByText("License key is required", { exact: true }));
    await addDialog.getByLabel("Total Seats").fill("0");
    await addDialog.getByRole("button", { name: "Add License", exact: true }).click();
    await visible(addDialog.getByText("Total seats must be a positive integer", { exact: true }));

    await addDialog.getByLabel("License Name").fill(name);
    await addDialog.getByLabel("License Key").fill(key);
    await addDialog.getByLabel("Total Seats").fill("5");
    await addDialog.getByLabel("Expiry Date").fill(expiry);
    await addDialog.getByRole("button", { name: "Add License", exact: true }).click();
    await expectToast(page, "License created", `${name} has been added successfully.`);
    await hidden(addDialog);

    const row = licenseRow(page, name);
    await visible(row);
    // Masked by default: only the last 4 characters, hyphens in place.
    await visible(row.getByText("XXXX-XXXXX-XXXX-9876", { exact: true }));
    expect((await row.textContent()) ?? "").not.toContain(key);
    await visible(row.getByText("Active", { exact: true }));
    await visible(row.getByText(formatCalendarDate(expiry), { exact: true }));
    await visible(row.getByText("$259.00", { exact: true }));
    await visible(row.getByText("Annually", { exact: true }));

    // The server searches keys it never sends: part of the clear key finds the license.
    const search = page.getByLabel("Search licenses");
    await search.fill(`${suffix}-WXYZ`);
    await waitForCount(
      page.getByRole("table", { name: "Licenses", exact: true }).locator("tbody tr"),
      1,
    );
    await visible(licenseRow(page, name));
    await search.fill(`no such license ${suffix}`);
    await visible(page.getByText("No licenses found", { exact: true }));
    await visible(page.getByText("Try changing your search or filter criteria.", { exact: true }));
    await search.fill(name);
    await visible(licenseRow(page, name));

    // Edit: a blank key keeps the stored one.
    await licenseRow(page, name).getByRole("button", { name: "Edit license", exact: true }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit License", exact: true });
    await visible(editDialog);
    expect(await editDialog.getByLabel("License Name").inputValue()).toBe(name);
    expect(await editDialog.getByLabel("License Key").inputValue()).toBe("");
    await editDialog.getByLabel("License Name").fill(renamed);
    await editDialog.getByLabel("Total Seats").fill("3");
    await editDialog.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectToast(page, "License updated", `${renamed} has been updated successfully.`);
    await hidden(editDialog);
    await search.fill(renamed);
    const renamedRow = licenseRow(page, renamed);
    await visible(renamedRow.getByText("0 / 3 seats used", { exact: true }));
    await visible(renamedRow.getByText("XXXX-XXXXX-XXXX-9876", { exact: true }));

    // Assign to Jane through the searchable picker.
    await renamedRow.getByRole("button", { name: "Assign license", exact: true }).click();
    const assignDialog = page.getByRole("dialog", { name: "Assign License", exact: true });
    await visible(assignDialog);
    expect(await assignDialog.getByLabel("Assigned Date").inputValue()).toBe(today);
    await assignDialog.getByRole("button", { name: "Assign", exact: true }).click();
    await visible(assignDialog.getByText("Please select a user", { exact: true }));
    const userSearch = assignDialog.getByLabel("User");
    await userSearch.fill("zz-nobody-zz");
    await visible(assignDialog.getByText("No user found.", { exact: true }));
    await userSearch.fill("MARKETING");
    await assignDialog.getByRole("option", { name: /Jane Cooper/ }).click();
    await assignDialog.getByRole("button", { name: "Assign", exact: true }).click();
    await expectToast(page, "License assigned", "License successfully assigned to Jane Cooper.");
    await hidden(assignDialog);
    await visible(renamedRow.getByText("1 / 3 seats used", { exact: true }));
    await visible(renamedRow.getByRole("button", { name: "Unassign Jane Cooper", exact: true }));

    // Renew: the new expiry defaults to one payment period after the old one.
    await renamedRow.getByRole("button", { name: "Renew license", exact: true }).click();
    const renewDialog = page.getByRole("dialog", { name: "Renew License", exact: true });
    await visible(renewDialog);
    const renewedExpiry = defaultRenewalExpiry(expiry, "annually", today);
    expect(await renewDialog.getByLabel("New Expiry Date").inputValue()).toBe(renewedExpiry);
    expect(await renewDialog.getByLabel("Renewal Amount (USD)").inputValue()).toBe("259");
    expect(await renewDialog.getByLabel("Previous Expiry Date").inputValue()).toBe(
      formatCalendarDate(expiry),
    );
    await renewDialog.getByLabel("Renewal Amount (USD)").fill("0");
    await renewDialog.getByRole("button", { name: "Renew License", exact: true }).click();
    await visible(
      renewDialog.getByText("Renewal amount must be a valid number greater than zero", {
        exact: true,
      }),
    );
    await renewDialog.getByLabel("Renewal Amount (USD)").fill("249.50");
    await renewDialog.getByRole("button", { name: "Renew License", exact: true }).click();
    await expectToast(page, "License renewed", `The renewal for ${renamed} has been processed.`);
    await hidden(renewDialog);
    await visible(renamedRow.getByText(formatCalendarDate(renewedExpiry), { exact: true }));

    // Reveal the key (logged by the server), then hide it again.
    await renamedRow.getByRole("button", { name: "Show license key", exact: true }).click();
    await visible(renamedRow.getByText(key, { exact: true }));
    await renamedRow.getByRole("button", { name: "Hide license key", exact: true }).click();
    await visible(renamedRow.getByText("XXXX-XXXXX-XXXX-9876", { exact: true }));
    await waitForCount(renamedRow.getByText(key, { exact: true }), 0);

    // The reveal is in the access history.
    await renamedRow.getByRole("button", { name: "View access history", exact: true }).click();
    const history = page.getByRole("dialog", { name: "License Access History", exact: true });
    await visible(history);
    const entries = history
      .getByRole("table", { name: "Access history", exact: true })
      .locator("tbody tr");
    await waitForCount(entries, 1);
    const entry = (await entries.first().textContent()) ?? "";
    expect(entry).toContain(DEMO_ADMIN);
    expect(entry).toContain("127.0.0.1");
    expect(entry).toContain("Chrome");
    expect(entry).toContain("Unknown"); // no location is looked up
    expect(entry).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2} (AM|PM)/);
    await page.keyboard.press("Escape");
    await hidden(history);

    // Unassign from the row.
    await renamedRow.getByRole("button", { name: "Unassign Jane Cooper", exact: true }).click();
    const unassignDialog = page.getByRole("alertdialog", { name: "Unassign License", exact: true });
    await visible(unassignDialog);
    await unassignDialog.getByRole("button", { name: "Unassign", exact: true }).click();
    await expectToast(page, "License unassigned", "License has been unassigned from Jane Cooper.");
    await visible(renamedRow.getByText("0 / 3 seats used", { exact: true }));

    // Delete.
    await renamedRow.getByRole("button", { name: "Delete license", exact: true }).click();
    const deleteDialog = page.getByRole("alertdialog", { name: "Delete License", exact: true });
    await visible(deleteDialog);
    await deleteDialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "License deleted", `${renamed} has been deleted successfully.`);
    await waitForCount(licenseRow(page, renamed), 0);
    await visible(page.getByText("No licenses found", { exact: true }));
  });

  it("shows a new license's access history as empty and filters by status", async () => {
    const api = await adminApi(e2e.baseUrl);
    const name = `E2E Expired ${unique()}`;
    await api<LicenseResponse>("POST", "/api/licenses", {
      name,
      licenseKey: `EXPD-${unique()}-0001`,
      expiryDate: addDays(todayIso(), -3),
    });
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/licenses"));
    const row = licenseRow(page, name);
    await visible(row.getByText("Expired", { exact: true }));
    await visible(row.getByText("Expired 3 days ago", { exact: true }));

    await row.getByRole("button", { name: "View access history", exact: true }).click();
    const history = page.getByRole("dialog", { name: "License Access History", exact: true });
    await visible(history.getByText("No Access History", { exact: true }));
    await visible(history.getByText("This license key hasn't been viewed yet.", { exact: true }));
    await page.keyboard.press("Escape");
    await hidden(history);

    await page.getByRole("combobox", { name: "Status", exact: true }).click();
    await page.getByRole("option", { name: "Active", exact: true }).click();
    await waitForCount(licenseRow(page, name), 0);
    await page.getByRole("combobox", { name: "Status", exact: true }).click();
    await page.getByRole("option", { name: "Expired", exact: true }).click();
    await visible(licenseRow(page, name));
  });

  it("keeps the edit dialog open with the server's reason when a change is refused", async () => {
    const api = await adminApi(e2e.baseUrl);
    const users = await api<UserResponse[]>("GET", "/api/users");
    const name = `E2E Full ${unique()}`;
    const license = await api<LicenseResponse>("POST", "/api/licenses", {
      name,
      licenseKey: `FULL-${unique()}-0003`,
      totalSeats: 2,
    });
    for (const username of [DEMO_ADMIN, DEMO_USER]) {
      const user = users.find((candidate) => candidate.username === username)!;
      await api("POST", "/api/assignments", { licenseId: license.id, userId: user.id });
    }

    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/licenses"));
    const row = licenseRow(page, name);
    await visible(row.getByText("2 / 2 seats used", { exact: true }));
    // No seat left: the assign action is off, and says why (still focusable, so it can).
    const assignOff = row.getByRole("button", { name: "Assign license", exact: true });
    expect(await assignOff.isDisabled()).toBe(true);
    expect(
      await assignOff.evaluate(
        (button) =>
          document.getElementById(button.getAttribute("aria-describedby") ?? "")?.textContent,
      ),
    ).toBe("No seats left");

    await row.getByRole("button", { name: "Edit license", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit License", exact: true });
    await dialog.getByLabel("Total Seats").fill("1");
    await dialog.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectToast(page, "Error", "Failed to update license. Please try again.");
    await visible(
      dialog.getByText("Total seats cannot be fewer than the 2 seats currently assigned", {
        exact: true,
      }),
    );
    expect(await dialog.isVisible()).toBe(true);

    // The failure toast leaves the button to fix and resend with free, on a wide and a small screen.
    const save = dialog.getByRole("button", { name: "Save Changes", exact: true });
    const toast = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Failed to update license. Please try again." });
    expect(await overlaps(toast.first(), save)).toBe(false);
    await page.setViewportSize({ width: 800, height: 600 });
    await save.click();
    await until(async () => (await toast.count()) >= 1, "the failure toast shows at 800 px");
    for (const shown of await toast.all()) expect(await overlaps(shown, save)).toBe(false);
  });

  it("refuses what is not a number with the spec's messages and sends nothing", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/licenses") {
        posted++;
      }
    });
    await page.goto(e2e.url("/licenses"));
    await page.getByRole("button", { name: "Add License", exact: true }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New License", exact: true });
    await dialog.getByLabel("License Name").fill(`E2E Numbers ${unique()}`);
    await dialog.getByLabel("License Key").fill(`NUM-${unique()}-0001`);
    const submit = dialog.getByRole("button", { name: "Add License", exact: true });

    // Typed key by key, as a person would: a number input would swallow these as "no value".
    for (const typed of ["1e", "12..5", "abc"]) {
      await dialog.getByLabel("Payment Amount").fill("");
      await dialog.getByLabel("Payment Amount").pressSequentially(typed);
      await submit.click();
      await visible(
        dialog.getByText("Payment amount must be a valid number, 0 or greater", { exact: true }),
      );
    }
    await dialog.getByLabel("Payment Amount").fill("12.5");
    await dialog.getByLabel("Total Seats").fill("");
    await dialog.getByLabel("Total Seats").pressSequentially("1e");
    await submit.click();
    await visible(dialog.getByText("Total seats must be a positive integer", { exact: true }));
    expect(posted).toBe(0);
  });

  it("returns focus to the opener, or near it when its row is gone", async () => {
    const api = await adminApi(e2e.baseUrl);
    const name = `E2E Focus ${unique()}`;
    await api<LicenseResponse>("POST", "/api/licenses", {
      name,
      licenseKey: `FOCUS-${unique()}-0001`,
      status: "Awaiting PO",
      paymentAmount: 100,
    });
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/licenses"));
    const row = licenseRow(page, name);
    // The free-text status is shown on the row and kept in the form.
    await visible(row.getByText("Status: Awaiting PO", { exact: true }));

    const add = page.getByRole("button", { name: "Add License", exact: true }).first();
    await add.click();
    await visible(page.getByRole("dialog", { name: "Add New License", exact: true }));
    await page.keyboard.press("Escape");
    await expectFocus(add, "the Add License button after Esc");

    const edit = row.getByRole("button", { name: "Edit license", exact: true });
    await edit.click();
    const editDialog = page.getByRole("dialog", { name: "Edit License", exact: true });
    expect(await editDialog.getByLabel("Status", { exact: true }).inputValue()).toBe("Awaiting PO");
    await editDialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await hidden(editDialog);
    await expectFocus(edit, "the row's Edit license button after Cancel");

    const renew = row.getByRole("button", { name: "Renew license", exact: true });
    await renew.click();
    const renewDialog = page.getByRole("dialog", { name: "Renew License", exact: true });
    await renewDialog.getByRole("button", { name: "Renew License", exact: true }).click();
    await hidden(renewDialog);
    await expectFocus(renew, "the row's Renew license button after saving");

    await row.getByRole("button", { name: "Delete license", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete License", exact: true });
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await waitForCount(row, 0);
    const table = page.getByRole("table", { name: "Licenses", exact: true });
    await until(
      () => table.evaluate((element) => element.contains(document.activeElement)),
      "focus is on a control in the licenses table",
    );
    expect(await focusedElement(page)).not.toBe("BODY");
  });

  it("the assign picker asks the server with the search text and works by keyboard", async () => {
    const api = await adminApi(e2e.baseUrl);
    const tag = unique();
    const department = `Picker Dept ${tag}`;
    const name = `E2E Picker ${tag}`;
    await api<LicenseResponse>("POST", "/api/licenses", {
      name,
      licenseKey: `PICK-${tag}-0001`,
      totalSeats: 2,
    });
    for (const [username, isActive] of [
      [`picker-on-${tag}`, true],
      [`picker-off-${tag}`, false],
    ] as const) {
      await api<UserResponse>("POST", "/api/users", {
        username,
        password: "password123",
        fullName: `Pat ${isActive ? "Active" : "Inactive"} ${tag}`,
        department,
        isActive,
      });
    }
    const page = await e2e.pageAs(DEMO_ADMIN);
    const userCalls: URLSearchParams[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (request.method() === "GET" && url.pathname === "/api/users") {
        userCalls.push(url.searchParams);
      }
    });
    await page.goto(e2e.url("/licenses"));
    const assign = licenseRow(page, name).getByRole("button", {
      name: "Assign license",
      exact: true,
    });
    await assign.click();
    const dialog = page.getByRole("dialog", { name: "Assign License", exact: true });
    const userSearch = dialog.getByLabel("User");
    await expectFocus(userSearch, "the picker's search box when the dialog opens");
    await page.keyboard.type(department.toLowerCase());

    // Only the active person is offered, found by the server's search of the department.
    const active = dialog.getByRole("option", { name: new RegExp(`Pat Active ${tag}`) });
    await visible(active);
    await waitForCount(dialog.getByRole("option"), 1);
    await until(
      async () =>
        userCalls.some(
          (query) =>
            query.get("search") === department.toLowerCase() &&
            query.get("active") === "true" &&
            query.get("limit") === "50",
        ),
      "the picker asked GET /api/users with the search text, active people only, one page",
    );
    // Never the whole directory: every call the picker made asks for one page.
    expect(userCalls.length).toBeGreaterThan(0);
    for (const query of userCalls) expect(query.get("limit"), query.toString()).toBe("50");

    // Esc closes the dialog and focus goes back to the button that opened it.
    await page.keyboard.press("Escape");
    await hidden(dialog);
    await expectFocus(assign, "the row's Assign license button after Esc");

    // Again, by keyboard only: open, type, arrow to the match, Enter picks it.
    await page.keyboard.press("Enter");
    await expectFocus(userSearch, "the picker's search box when the dialog opens again");
    await page.keyboard.type(department);
    await visible(active);
    await waitForCount(dialog.getByRole("option"), 1);
    await page.keyboard.press("ArrowDown");
    await until(
      async () => (await active.getAttribute("aria-selected")) === "true",
      "the match is highlighted",
    );
    await page.keyboard.press("Enter");
    await visible(dialog.getByText(`Selected: Pat Active ${tag}`, { exact: true }));
    await dialog.getByRole("button", { name: "Assign", exact: true }).click();
    await expectToast(
      page,
      "License assigned",
      `License successfully assigned to Pat Active ${tag}.`,
    );
    await hidden(dialog);
    await visible(
      licenseRow(page, name).getByRole("button", {
        name: `Unassign Pat Active ${tag}`,
        exact: true,
      }),
    );
  });

  it("stays signed in when a refusal's message mentions 401 (decided by status, not text)", async () => {
    const api = await adminApi(e2e.baseUrl);
    const name = `E2E Many Seats ${unique()}`;
    const license = await api<LicenseResponse>("POST", "/api/licenses", {
      name,
      licenseKey: `MANY-${unique()}-0401`,
      totalSeats: 500,
    });
    const reason = "Total seats cannot be fewer than the 401 seats currently assigned";

    const page = await e2e.pageAs(DEMO_ADMIN);
    // 401 real assignments would need 401 people; the server's answer is what matters here.
    await page.route(`**/api/licenses/${license.id}`, (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({
            status: 409,
            contentType: "application/json",
            body: JSON.stringify({
              code: "SEATS_BELOW_ASSIGNED",
              message: reason,
              errors: [{ path: "totalSeats", message: reason }],
            }),
          })
        : route.continue(),
    );
    await page.goto(e2e.url("/licenses"));
    await licenseRow(page, name).getByRole("button", { name: "Edit license", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit License", exact: true });
    await dialog.getByLabel("Total Seats").fill("400");
    await dialog.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectToast(page, "Error", "Failed to update license. Please try again.");
    await visible(dialog.getByText(reason, { exact: true }));
    // A wrong sign-out goes to /login and, the session being fine, straight back to /licenses
    // without the dialog: give it its chance to happen before checking that it did not.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe("/licenses");
    expect(await dialog.isVisible()).toBe(true);
  });

  it("manages seats on the License Assignments screen", async () => {
    const api = await adminApi(e2e.baseUrl);
    const users = await api<UserResponse[]>("GET", "/api/users");
    const jane = users.find((user) => user.username === DEMO_USER)!;
    const name = `E2E Seats ${unique()}`;
    const license = await api<LicenseResponse>("POST", "/api/licenses", {
      name,
      licenseKey: `SEAT-${unique()}-0002`,
      totalSeats: 1,
    });

    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/assignments"));
    await visible(
      page.getByRole("heading", { level: 2, name: "License Assignments", exact: true }),
    );
    await visible(
      page.getByText("Manage who is using which license across your organization.", {
        exact: true,
      }),
    );
    const card = page.getByRole("region", { name });
    await visible(card);
    await visible(card.getByText("Nobody holds a seat yet.", { exact: true }));

    await card.getByRole("button", { name: "Assign License", exact: true }).click();
    const assignDialog = page.getByRole("dialog", { name: "Assign License", exact: true });
    await assignDialog.getByLabel("User").fill("jane");
    await assignDialog.getByRole("option", { name: /Jane Cooper/ }).click();
    await assignDialog.getByRole("button", { name: "Assign", exact: true }).click();
    await expectToast(page, "License assigned", "License successfully assigned to Jane Cooper.");
    await visible(card.getByRole("button", { name: "Unassign Jane Cooper", exact: true }));
    // The only seat is taken.
    const assignButton = card.getByRole("button", { name: "Assign License", exact: true });
    await until(() => assignButton.isDisabled(), "Assign License is disabled");
    await visible(card.getByText("Available", { exact: true }));
    const assignments = await api<AssignmentResponse[]>(
      "GET",
      `/api/assignments?licenseId=${license.id}`,
    );
    expect(assignments.filter((a) => a.isActive).map((a) => a.userId)).toEqual([jane.id]);

    await card.getByRole("button", { name: "View History", exact: true }).click();
    const history = page.getByRole("dialog", { name: "License Access History", exact: true });
    await visible(history.getByText("No Access History", { exact: true }));
    await page.keyboard.press("Escape");
    await hidden(history);

    await card.getByRole("button", { name: "Unassign Jane Cooper", exact: true }).click();
    await page
      .getByRole("alertdialog", { name: "Unassign License", exact: true })
      .getByRole("button", {
        name: "Unassign",
      })
      .click();
    await expectToast(page, "License unassigned", "License has been unassigned from Jane Cooper.");
    await visible(card.getByText("Nobody holds a seat yet.", { exact: true }));
  });
});

describe("licenses as an ordinary user", () => {
  it("jane sees only her own licenses, reveals her key and cannot manage anything", async () => {
    const api = await adminApi(e2e.baseUrl);
    const users = await api<UserResponse[]>("GET", "/api/users");
    const jane = users.find((user) => user.username === DEMO_USER)!;
    const suffix = unique();
    const hers = `E2E Jane's Tool ${suffix}`;
    const notHers = `E2E Someone Else's Tool ${suffix}`;
    const key = `JANE-${suffix}-KEY0-4321`;
    const license = await api<LicenseResponse>("POST", "/api/licenses", {
      name: hers,
      licenseKey: key,
    });
    await api<LicenseResponse>("POST", "/api/licenses", {
      name: notHers,
      licenseKey: `ELSE-${suffix}-KEY0-1234`,
    });
    await api<AssignmentResponse>("POST", "/api/assignments", {
      licenseId: license.id,
      userId: jane.id,
    });

    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/licenses"));
    await visible(
      page.getByRole("heading", { level: 2, name: "Your Software Licenses", exact: true }),
    );
    const row = licenseRow(page, hers);
    await visible(row);
    await waitForCount(licenseRow(page, notHers), 0);
    await waitForCount(page.getByRole("button", { name: "Add License" }), 0);
    for (const action of [
      "Assign license",
      "Renew license",
      "Edit license",
      "Delete license",
      "View access history",
    ]) {
      await waitForCount(page.getByRole("button", { name: action }), 0);
    }

    // Her own key, in clear, then hidden again.
    await visible(row.getByText("XXXX-XXXXX-XXXX-4321", { exact: true }));
    await row.getByRole("button", { name: "Show license key", exact: true }).click();
    await visible(row.getByText(key, { exact: true }));
    await row.getByRole("button", { name: "Hide license key", exact: true }).click();
    await waitForCount(row.getByText(key, { exact: true }), 0);
    const logs = await api<{ username: string | null }[]>(
      "GET",
      `/api/licenses/${license.id}/view-logs`,
    );
    expect(logs.map((log) => log.username)).toEqual([DEMO_USER]);

    // The server refuses her a write, whatever the screen shows.
    const refused = await page.evaluate(async () => {
      const response = await fetch("/api/licenses", {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
        body: JSON.stringify({ name: "Sneaky", licenseKey: "SNEAKY-KEY-0000" }),
      });
      return { status: response.status, body: await response.text() };
    });
    expect(refused.status).toBe(403);
    expect(refused.body).not.toContain("Cross-site");

    // An administrator-only screen sends her home.
    await page.goto(e2e.url("/assignments"));
    await page.waitForURL((url) => url.pathname === "/", { timeout: TIMEOUT });
  });
});
