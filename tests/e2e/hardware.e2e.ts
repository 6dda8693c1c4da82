// Hardware Inventory in Chromium against the real server with demo data (spec part 2: 'Hardware
// Resources', sections 4-8): the administrator's page and dialogs, what jane may see, and a
// request from the dashboard's Request Hardware link through approval to My Hardware.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LOAD_HARDWARE_FAILED } from "@/client/features/hardware/hardware-toasts";
import type { HardwareResponse } from "@/domain/schemas/hardware";
import { DEMO_HARDWARE } from "@/server/seed/hardware";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, expectToast, hidden, UI_TIMEOUT, until, visible } from "../support/e2e-ui";

const e2e = setupE2e();
const unique = () => Math.random().toString(36).slice(2, 8);

const table = (page: Page) => page.getByRole("table", { name: "Hardware" });
const itemRow = (page: Page, identifier: string) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: identifier, exact: true }) });

async function serialsShown(page: Page) {
  const cells = table(page).locator("tbody tr td:nth-child(3)");
  return (await cells.allTextContents()).map((text) => text.trim()).sort();
}

async function openHardware(page: Page, query = "") {
  await page.goto(e2e.url(`/hardware${query}`));
  await visible(page.getByRole("heading", { level: 2, name: "Hardware Inventory", exact: true }));
}

const statValue = async (page: Page, title: string) => {
  const card = page.locator("[data-slot=card]").filter({ hasText: title }).first();
  return (await card.textContent())?.replace(title, "").trim();
};

describe("the Hardware page as an administrator", () => {
  it("shows the stat cards, the badges that filter, search with a count, and the four tabs", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openHardware(page);
    await until(
      async () => (await statValue(page, "Total Hardware")) === String(DEMO_HARDWARE.length),
      "the total",
    );
    const held = DEMO_HARDWARE.filter((item) => item.assignee).length;
    expect(await statValue(page, "Assigned")).toBe(String(held));
    expect(await statValue(page, "Available")).toBe(String(DEMO_HARDWARE.length - held));
    expect(await page.getByRole("tab").allTextContents()).toEqual([
      "All Hardware",
      "Available & Reserved",
      "All Assigned",
      expect.stringMatching(/^Hardware Requests\d+ pending$/),
    ]);

    // The type badge filters the list (and pressing it again clears the filter).
    const printers = DEMO_HARDWARE.filter((item) => item.type === "printer");
    await page.getByRole("button", { name: `Printer: ${printers.length}` }).click();
    await expect
      .poll(() => serialsShown(page), { timeout: UI_TIMEOUT })
      .toEqual(printers.map((item) => item.identifier).sort());
    expect(new URL(page.url()).searchParams.get("type")).toBe("printer");
    await visible(page.getByText(`${printers.length} items`, { exact: true }));
    await page.getByRole("button", { name: `Printer: ${printers.length}` }).click();

    await page.getByLabel("Search hardware").fill("pf4kq2");
    await expect
      .poll(() => serialsShown(page), { timeout: UI_TIMEOUT })
      .toEqual(["PF4KQ2M1", "PF4KQ2N7"]);
    await page.getByLabel("Search hardware").fill(`nothing-${unique()}`);
    await visible(page.getByText("No hardware found.", { exact: true }));
  });

  it("adds an item with the spec's messages, edits it, assigns it to jane, unassigns and deletes it", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openHardware(page);
    const serial = `E2E-${unique()}`;

    await page.getByRole("button", { name: "Add Hardware", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Hardware", exact: true });
    await visible(dialog);
    await dialog.getByLabel("Name", { exact: true }).fill("X");
    await dialog.getByRole("button", { name: "Add Hardware", exact: true }).click();
    for (const message of [
      "Name must be at least 2 characters.",
      "Please select a hardware type.",
      "Serial number/identifier is required.",
    ]) {
      await visible(dialog.getByText(message, { exact: true }));
    }
    expect(await dialog.getByRole("combobox", { name: "Status" }).textContent()).toBe("Active");
    // The default warranty: one year after today.
    const warranty = await dialog.getByLabel("Warranty Expiry").inputValue();
    expect(Number(warranty.slice(0, 4)) - new Date().getFullYear()).toBeGreaterThanOrEqual(1);

    await dialog.getByLabel("Name", { exact: true }).fill("E2E Laptop");
    await dialog.getByLabel("Serial Number / Identifier").fill(serial);
    await dialog.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Laptop", exact: true }).click();
    await dialog.getByLabel("Location").fill("E2E Lab");
    await dialog.getByRole("button", { name: "Add Hardware", exact: true }).click();
    await expectToast(page, "Hardware added", "E2E Laptop has been added successfully.");
    await hidden(dialog);

    await page.getByLabel("Search hardware").fill(serial);
    const row = itemRow(page, serial);
    await visible(row);

    // Added as 'laptop', it edits as Laptop.
    await row.getByRole("button", { name: "Edit E2E Laptop" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Hardware", exact: true });
    await visible(edit);
    expect(await edit.getByRole("combobox", { name: "Type" }).textContent()).toBe("Laptop");
    await edit.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Reserved", exact: true }).click();
    await edit.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectToast(page, "Hardware updated", "E2E Laptop has been updated successfully.");
    await visible(row.getByText("Reserved", { exact: true }));

    const assignButton = row.getByRole("button", { name: "Assign E2E Laptop" });
    await assignButton.click();
    const assign = page.getByRole("dialog", { name: "Assign Hardware Item", exact: true });
    await visible(assign);
    const submit = assign.getByRole("button", { name: "Assign", exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await assign.getByRole("combobox", { name: "User" }).fill("jane");
    await assign.getByRole("option", { name: /Jane Cooper/ }).click();
    await submit.click();
    await expectToast(page, "Hardware assigned", "Hardware successfully assigned to Jane Cooper.");
    await hidden(assign);
    await visible(row.getByRole("cell", { name: "Jane Cooper", exact: true }));

    await row.getByRole("button", { name: "Unassign E2E Laptop" }).click();
    const unassign = page.getByRole("alertdialog", { name: "Unassign Hardware" });
    await visible(unassign);
    await unassign.getByRole("button", { name: "Unassign", exact: true }).click();
    await expectToast(page, "Hardware unassigned", "E2E Laptop is available again.");
    await visible(row.getByText("Available", { exact: true }));

    await row.getByRole("button", { name: "Delete E2E Laptop" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Hardware" });
    await visible(confirm);
    await visible(confirm.getByText(/^Are you sure you want to delete this hardware item\?/));
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Hardware deleted", "E2E Laptop has been deleted successfully.");
    await visible(page.getByText("No hardware found.", { exact: true }));
  });

  it("adds an item with specifications, shows them in its row and edits them", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const api = await adminApi(e2e.baseUrl);
    await openHardware(page);
    const serial = `SPEC-${unique()}`;

    await page.getByRole("button", { name: "Add Hardware", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Hardware", exact: true });
    await visible(dialog);
    await dialog.getByLabel("Name", { exact: true }).fill("Spec Workstation");
    await dialog.getByLabel("Serial Number / Identifier").fill(serial);
    await dialog.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Desktop", exact: true }).click();
    const specs = dialog.getByLabel("Specifications");
    // A line without a colon is refused in the form, with its line number.
    await specs.fill("CPU: Ryzen 9\n\nRAM 64 GB");
    await dialog.getByRole("button", { name: "Add Hardware", exact: true }).click();
    await visible(dialog.getByText("Line 3: write each spec as Name: value", { exact: true }));
    await specs.fill("CPU: Ryzen 9\n\nRAM: 64 GB\nCores: 16\nPort: 10.0.0.5:8080");
    await dialog.getByRole("button", { name: "Add Hardware", exact: true }).click();
    await expectToast(page, "Hardware added", "Spec Workstation has been added successfully.");
    await hidden(dialog);

    await page.getByLabel("Search hardware").fill(serial);
    const row = itemRow(page, serial);
    await visible(row);
    const [stored] = await api<HardwareResponse[]>("GET", `/api/hardware?search=${serial}`);
    // A plain number is stored as a number; a value keeps its own colons.
    expect(stored!.specs).toEqual({
      CPU: "Ryzen 9",
      RAM: "64 GB",
      Cores: 16,
      Port: "10.0.0.5:8080",
    });
    const summary = row.locator("[data-slot=hardware-specs]");
    await visible(summary);
    expect((await summary.textContent())?.split(" · ").sort()).toEqual([
      "CPU: Ryzen 9",
      "Cores: 16",
      "Port: 10.0.0.5:8080",
      "RAM: 64 GB",
    ]);

    // Edit reads them back as lines; a name given twice is refused; the change is saved.
    await row.getByRole("button", { name: "Edit Spec Workstation" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Hardware", exact: true });
    await visible(edit);
    const editSpecs = edit.getByLabel("Specifications");
    expect((await editSpecs.inputValue()).split("\n").sort()).toEqual([
      "CPU: Ryzen 9",
      "Cores: 16",
      "Port: 10.0.0.5:8080",
      "RAM: 64 GB",
    ]);
    await editSpecs.fill("RAM: 128 GB\nRAM: 64 GB");
    await edit.getByRole("button", { name: "Save Changes", exact: true }).click();
    await visible(edit.getByText("Line 2: 'RAM' is given twice", { exact: true }));
    await editSpecs.fill("RAM: 128 GB\nGPU: RTX 4090");
    await edit.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectToast(page, "Hardware updated", "Spec Workstation has been updated successfully.");
    await hidden(edit);
    await until(
      async () => (await summary.textContent()) === "GPU: RTX 4090 · RAM: 128 GB",
      "the edited specs in the row",
    );
    const edited = await api<HardwareResponse>("GET", `/api/hardware/${stored!.id}`);
    expect(edited.specs).toEqual({ RAM: "128 GB", GPU: "RTX 4090" });

    // Emptying the field clears them.
    await row.getByRole("button", { name: "Edit Spec Workstation" }).click();
    await visible(edit);
    await edit.getByLabel("Specifications").fill("");
    await edit.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectToast(page, "Hardware updated", "Spec Workstation has been updated successfully.");
    await hidden(summary);
    expect((await api<HardwareResponse>("GET", `/api/hardware/${stored!.id}`)).specs).toBeNull();
    await api("DELETE", `/api/hardware/${stored!.id}`);
  });

  it("leaves specs it did not change exactly as stored when an edit saves other fields", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const api = await adminApi(e2e.baseUrl);
    const serial = `KEEP-${unique()}`;
    // Written through the API: '16' as text, which the form would read as the number 16.
    const item = await api<HardwareResponse>("POST", "/api/hardware", {
      name: "Spec Keeper",
      type: "server",
      identifier: serial,
      specs: { Bays: "16", Rack: "B2" },
    });
    await openHardware(page, `?search=${serial}`);
    const row = itemRow(page, serial);
    await visible(row);
    await row.getByRole("button", { name: "Edit Spec Keeper" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Hardware", exact: true });
    await visible(edit);
    expect((await edit.getByLabel("Specifications").inputValue()).split("\n").sort()).toEqual([
      "Bays: 16",
      "Rack: B2",
    ]);
    await edit.getByLabel("Location").fill("Server room");
    await edit.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectToast(page, "Hardware updated", "Spec Keeper has been updated successfully.");
    await hidden(edit);
    const saved = await api<HardwareResponse>("GET", `/api/hardware/${item.id}`);
    expect(saved).toMatchObject({ location: "Server room", specs: { Bays: "16", Rack: "B2" } });
    await api("DELETE", `/api/hardware/${item.id}`);
  });

  it("rejects a request with a reason from a dialog", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openHardware(page, "?tab=requests");
    const requests = page.getByRole("table", { name: "Hardware requests" });
    // Daniel's pending request for the reserved Dell XPS (demo data).
    const reject = requests.getByRole("button", { name: /^Reject request for Dell XPS 15 9530/ });
    await visible(reject);
    await reject.click();
    const dialog = page.getByRole("dialog", { name: "Reject Request", exact: true });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Reject", exact: true }).click();
    await visible(
      dialog.getByText("Please provide a reason for rejecting this request", { exact: true }),
    );
    await dialog.getByLabel("Reason for rejection").fill("Reserved for the new starter.");
    await dialog.getByRole("button", { name: "Reject", exact: true }).click();
    await expectToast(page, "Request rejected", "The hardware request has been rejected.");
    await hidden(dialog);
    await visible(requests.getByText("Reserved for the new starter.", { exact: true }));
    // Its Reject button went with the decision: focus carries on to another request's action,
    // not back to the top of the page.
    await until(
      () =>
        requests.evaluate((table) => {
          const active = document.activeElement;
          return (
            active instanceof HTMLButtonElement &&
            table.contains(active) &&
            /^(Approve|Reject) request for /.test(active.getAttribute("aria-label") ?? "")
          );
        }),
      "focus is on another request's Approve or Reject",
    );
  });

  it("requests a new item through the Request New tab", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await openHardware(page);
    await page.getByRole("button", { name: "Request Hardware", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Request Hardware", exact: true });
    await visible(dialog);
    await dialog.getByRole("tab", { name: "Request New", exact: true }).click();
    const name = `Curved Monitor ${unique()}`;
    await dialog.getByLabel("Item Name").fill(name);
    await dialog.getByRole("combobox", { name: "Hardware Type" }).click();
    await page.getByRole("option", { name: "Monitor", exact: true }).click();
    await dialog.getByLabel("Link").fill("https://example.com/monitor");
    await dialog.getByLabel("Reason").fill("A second screen for the design reviews.");
    await dialog.getByRole("button", { name: "Submit Request", exact: true }).click();
    await expectToast(
      page,
      "Request submitted",
      "Your hardware request has been submitted for approval.",
    );
    await hidden(dialog);
    await page.getByRole("tab", { name: /^Hardware Requests/ }).click();
    const requests = page.getByRole("table", { name: "Hardware requests" });
    await visible(requests.getByRole("row").filter({ hasText: `${name} (Monitor)` }));
  });

  it("shows the load failure with a retry that recovers", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const list = "**/api/hardware?*";
    await page.route(list, (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ code: "DATABASE_UNAVAILABLE", message: "Database unavailable" }),
      }),
    );
    await openHardware(page);
    const failure = page.getByRole("alert").filter({ hasText: LOAD_HARDWARE_FAILED });
    await visible(failure);
    await page.unroute(list);
    await failure.getByRole("button", { name: "Try again", exact: true }).click();
    await visible(table(page).locator("tbody tr").first());
    await hidden(failure);
  });
});

describe("the Hardware page as jane", () => {
  it("shows only free items and hers, My Hardware and My Requests, and no administrator controls", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await openHardware(page);
    await visible(table(page));
    expect(await page.getByRole("tab").allTextContents()).toEqual([
      "All Hardware",
      "Available & Reserved",
      "My Hardware",
      expect.stringMatching(/^My Requests/),
    ]);
    expect(await page.getByRole("button", { name: "Add Hardware" }).count()).toBe(0);
    const visibleToJane = DEMO_HARDWARE.filter(
      (item) => !item.assignee || item.assignee === "jane",
    );
    await expect
      .poll(() => serialsShown(page), { timeout: UI_TIMEOUT })
      .toEqual(
        visibleToJane
          .map((item) => item.identifier)
          .sort()
          .slice(0, 25)
          .sort(),
      );

    await page.getByRole("tab", { name: "My Hardware" }).click();
    const hers = DEMO_HARDWARE.filter((item) => item.assignee === "jane");
    await expect
      .poll(() => serialsShown(page), { timeout: UI_TIMEOUT })
      .toEqual(hers.map((item) => item.identifier).sort());
    expect(await table(page).getByText("Assigned to You").count()).toBe(hers.length);
    expect(
      await table(page)
        .getByRole("button", { name: /^(Edit|Delete|Assign) / })
        .count(),
    ).toBe(0);
  });

  it("requests an item from the dashboard link; an administrator approves; it shows under My Hardware", async () => {
    const api = await adminApi(e2e.baseUrl);
    const serial = `REQ-${unique()}`;
    const item = await api<HardwareResponse>("POST", "/api/hardware", {
      name: `Requestable Dock ${serial}`,
      type: "docking-station",
      identifier: serial,
    });

    const jane = await e2e.pageAs(DEMO_USER);
    await jane.goto(e2e.url("/"));
    await jane.getByRole("tab", { name: "Quick Actions", exact: true }).click();
    await jane.getByRole("button", { name: "Request Hardware", exact: true }).click();
    const dialog = jane.getByRole("dialog", { name: "Request Hardware", exact: true });
    await visible(dialog);
    expect(new URL(jane.url()).pathname).toBe("/hardware");
    // Request New is for administrators only.
    expect(await dialog.getByRole("tab").allTextContents()).toEqual(["Request Existing"]);
    await dialog.getByRole("button", { name: "Submit Request", exact: true }).click();
    await visible(dialog.getByText("Please select a hardware item", { exact: true }));
    await visible(dialog.getByText("Please provide a reason for this request", { exact: true }));

    await dialog.getByLabel("Find an item").fill(serial);
    await dialog.getByRole("combobox", { name: "Hardware Item" }).click();
    await jane.getByRole("option", { name: `${item.name} (${serial})` }).click();
    await dialog.getByLabel("Reason").fill("short");
    await dialog.getByRole("button", { name: "Submit Request", exact: true }).click();
    await visible(dialog.getByText("Reason must be at least 10 characters", { exact: true }));
    expect(await dialog.getByLabel("Manager Name").count()).toBe(0);
    await dialog.getByRole("combobox", { name: "Manager Approval" }).click();
    await jane.getByRole("option", { name: "Yes", exact: true }).click();
    await dialog.getByLabel("Manager Name").fill("Hannah Schmidt");
    await dialog.getByLabel("Reason").fill("A dock for the hot desk, two monitors.");
    await dialog.getByRole("button", { name: "Submit Request", exact: true }).click();
    await expectToast(
      jane,
      "Request submitted",
      "Your hardware request has been submitted for approval.",
    );
    await hidden(dialog);

    await jane.getByRole("tab", { name: /^My Requests/ }).click();
    const myRequests = jane.getByRole("table", { name: "My requests" });
    const mine = myRequests.getByRole("row").filter({ hasText: item.name });
    await visible(mine.getByText("Awaiting approval", { exact: true }));

    const admin = await e2e.pageAs(DEMO_ADMIN);
    await openHardware(admin, "?tab=requests");
    const approve = admin.getByRole("button", {
      name: `Approve request for ${item.name} by Jane Cooper`,
    });
    await visible(approve);
    await approve.click();
    await expectToast(admin, "Request approved", "The hardware request has been approved.");

    await openHardware(jane, "?tab=assigned");
    await visible(itemRow(jane, serial).getByText("Assigned to You", { exact: true }));
    await jane.getByRole("tab", { name: /^My Requests/ }).click();
    await visible(
      jane
        .getByRole("table", { name: "My requests" })
        .getByRole("row")
        .filter({ hasText: item.name })
        .getByText("Approved", { exact: true }),
    );
  });

  it("shows 'No hardware requests found.' to a user who has made none", async () => {
    const api = await adminApi(e2e.baseUrl);
    const username = `norequests${unique()}`;
    const password = `pw-${unique()}`;
    await api("POST", "/api/users", { username, password, fullName: "No Requests" });
    const page = await e2e.pageAs(username, password);
    await openHardware(page, "?tab=requests");
    await visible(page.getByText("No hardware requests found.", { exact: true }));
  });
});

describe("the User Details dialog's Hardware tab", () => {
  it("lists what the user holds", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/users?search=jane"));
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: DEMO_USER, exact: true }) });
    await row.getByRole("button", { name: "View user details", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "User Details", exact: true });
    await visible(dialog);
    await dialog.getByRole("tab", { name: "Hardware", exact: true }).click();
    const panel = dialog.getByRole("tabpanel", { name: "Hardware", exact: true });
    // What she holds now (the other tests of this file may have given her more).
    const api = await adminApi(e2e.baseUrl);
    const jane = (await api<{ id: number; username: string }[]>("GET", "/api/users")).find(
      (candidate) => candidate.username === DEMO_USER,
    )!;
    const hers = await api<HardwareResponse[]>("GET", `/api/hardware?assignedToUserId=${jane.id}`);
    expect(hers.length).toBeGreaterThanOrEqual(2);
    const serials = panel.locator("tbody tr td:nth-child(3)");
    await expect
      .poll(async () => (await serials.allTextContents()).map((text) => text.trim()).sort(), {
        timeout: UI_TIMEOUT,
      })
      .toEqual(hers.map((item) => item.identifier).sort());
  });
});
