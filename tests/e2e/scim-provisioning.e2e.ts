// SCIM provisioning in Chromium (issue 32, decision 0060), at 360 px and on a desktop: the
// Settings card (a token created from the keyboard and shown once, used by an identity provider,
// revoked after a confirmation; the deprovisioning policy saved), and the dashboard's Needs
// Attention line for a person SCIM deprovisioned under 'hold', whose link opens User Details to
// finish the offboarding. Focus returns to what opened each dialog; axe checks every state
// reached (tests/support/e2e.ts).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { CreatedScimTokenResponse, ScimSettings } from "@/domain/schemas/scim";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, expectFocus, expectToast, hidden, visible } from "../support/e2e-ui";
import { ScimClient, scimUserSchema } from "../support/scim-client";

const e2e = setupE2e();
const TOKEN = /^qms_[A-Za-z0-9_-]+$/;

async function openCard(page: Page) {
  await page.goto(e2e.url("/settings"));
  await visible(page.getByRole("heading", { name: "SCIM provisioning", exact: true }));
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const tokenRow = (page: Page, name: string) =>
  page
    .getByRole("table", { name: "SCIM tokens" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });

/** What an identity provider's first call answers with this token. */
const providerCall = async (token: string) =>
  (await new ScimClient(e2e.baseUrl, token).send("GET", "/ServiceProviderConfig")).status;

describe("the SCIM provisioning card", () => {
  for (const width of [360, 1280]) {
    it(`creates a token shown once, revokes it, and saves the deprovisioning policy (${width} px)`, async () => {
      const page = await e2e.pageAs(DEMO_ADMIN);
      await page.setViewportSize({ width, height: 900 });
      await openCard(page);
      const baseUrl = page.getByRole("textbox", { name: "SCIM base URL" });
      expect(await baseUrl.inputValue()).toBe(`${new URL(e2e.baseUrl).origin}/scim/v2`);
      const name = `Entra ID ${width}`;

      // From the keyboard: open, refuse a blank name, then name it.
      const create = page.getByRole("button", { name: "Create SCIM token", exact: true });
      await create.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Create SCIM Token" });
      await visible(dialog);
      await dialog.getByRole("button", { name: "Create Token", exact: true }).click();
      await visible(dialog.getByText("Token name is required"));
      await dialog.getByRole("textbox", { name: "Name" }).fill(name);
      await page.keyboard.press("Enter");

      // Shown once, in the same dialog, focused for copying; the identity provider can use it.
      const shown = page.getByRole("dialog", { name: "Copy your new SCIM token" });
      await visible(shown);
      const field = shown.getByRole("textbox", { name: "SCIM token" });
      const token = await field.inputValue();
      expect(token).toMatch(TOKEN);
      await expectFocus(field, "the new token");
      await expectToast(page, "SCIM token created", `${name} has been created. Copy it now.`);
      expect(await fitsWidth(page)).toBe(true);
      expect(await providerCall(token)).toBe(200);

      await page.keyboard.press("Escape");
      await hidden(shown);
      await expectFocus(create, "the Create SCIM token button");
      expect(await page.content()).not.toContain(token);
      await page.reload();
      const row = tokenRow(page, name);
      await visible(row);
      expect(await page.content()).not.toContain(token);
      // Used once above, so not "Never".
      expect(await row.getByRole("cell", { name: "Never", exact: true }).count()).toBe(0);

      // Revoking asks first; Esc keeps it and gives focus back to the row's button.
      const revoke = row.getByRole("button", { name: `Revoke ${name}`, exact: true });
      await revoke.focus();
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("alertdialog", { name: "Revoke SCIM token?" });
      await visible(confirm);
      await page.keyboard.press("Escape");
      await hidden(confirm);
      await expectFocus(revoke, "the Revoke button");
      expect(await providerCall(token)).toBe(200);
      await revoke.click();
      await confirm.getByRole("button", { name: "Revoke", exact: true }).click();
      await hidden(confirm);
      await expectToast(page, "SCIM token revoked", `${name} no longer works.`);
      await hidden(tokenRow(page, name));
      // The row that opened it is gone: focus goes to Create SCIM token.
      await expectFocus(
        page.getByRole("button", { name: "Create SCIM token", exact: true }),
        "the Create SCIM token button",
      );
      expect(await providerCall(token)).toBe(401);

      // The policy, from the keyboard: Release everything, saved, and kept over a reload.
      const api = await adminApi(e2e.baseUrl);
      await api("PUT", "/api/scim-settings", { deprovisionPolicy: "hold" });
      await page.reload();
      const policy = page.getByRole("combobox", { name: "When someone is deprovisioned" });
      await visible(policy);
      expect(await policy.textContent()).toBe("Hold for review");
      const save = page.getByRole("button", { name: "Save", exact: true });
      expect(await save.isDisabled()).toBe(true);
      await policy.focus();
      await page.keyboard.press("Enter");
      await page.getByRole("option", { name: "Release everything", exact: true }).click();
      expect(await policy.textContent()).toBe("Release everything");
      await save.click();
      await expectToast(page, "SCIM settings saved", "Deprovisioned people: release everything.");
      expect(await api<ScimSettings>("GET", "/api/scim-settings")).toEqual({
        deprovisionPolicy: "release",
      });
      await page.reload();
      await visible(policy);
      expect(await policy.textContent()).toBe("Release everything");
      await api("PUT", "/api/scim-settings", { deprovisionPolicy: "hold" });
    });
  }
});

describe("the SCIM provisioning card's other states", () => {
  it("says when there are no tokens, and when the tokens or the policy cannot be loaded, with Try again", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const isTokens = (url: URL) => url.pathname === "/api/scim-tokens";
    const isSettings = (url: URL) => url.pathname === "/api/scim-settings";
    await page.route(isTokens, (route) =>
      route.fulfill({ status: 503, json: { message: "Database unavailable" } }),
    );
    await page.route(isSettings, (route) =>
      route.fulfill({ status: 503, json: { message: "Database unavailable" } }),
    );
    await openCard(page);
    const tokensAlert = page.getByRole("alert").filter({ hasText: "Failed to load SCIM tokens." });
    await visible(tokensAlert);
    await visible(tokensAlert.getByText("Database unavailable", { exact: false }));
    await visible(page.getByRole("alert").filter({ hasText: "Failed to load SCIM settings." }));

    // Try again, now answered: no tokens yet, and the policy.
    await page.unroute(isTokens);
    await page.unroute(isSettings);
    await page.route(isTokens, (route) =>
      route.request().method() === "GET" ? route.fulfill({ json: [] }) : route.fallback(),
    );
    const retries = page.getByRole("button", { name: "Try again", exact: true });
    await retries.first().click();
    await visible(page.getByText("No SCIM tokens yet.", { exact: false }));
    await page.getByRole("button", { name: "Try again", exact: true }).click();
    await visible(page.getByRole("combobox", { name: "When someone is deprovisioned" }));
  });
});

describe("Needs Attention's held offboardings", () => {
  for (const width of [360, 1280]) {
    it(`lists a person SCIM deprovisioned under 'hold' until their offboarding is finished (${width} px)`, async () => {
      const api = await adminApi(e2e.baseUrl);
      await api("PUT", "/api/scim-settings", { deprovisionPolicy: "hold" });
      const { token } = await api<CreatedScimTokenResponse>("POST", "/api/scim-tokens", {
        name: `Okta ${width}`,
      });
      const scim = new ScimClient(e2e.baseUrl, token);
      const userName = `leaver.${width}.${Date.now()}@example.com`;
      const created = await scim.createUser({
        userName,
        name: { givenName: "Lee", familyName: `Leaver ${width}` },
        emails: [{ primary: true, type: "work", value: userName }],
        active: true,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = Number(scimUserSchema.parse(created.body).id);
      await api("POST", "/api/hardware", {
        name: `Laptop of ${userName}`,
        type: "laptop",
        identifier: `SN-${width}-${id}`,
        assignedToUserId: id,
      });
      const off = await scim.patch(String(id), [{ op: "replace", path: "active", value: false }]);
      expect(off.status, JSON.stringify(off.body)).toBe(200);

      const page = await e2e.pageAs(DEMO_ADMIN);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(e2e.url("/"));
      const tab = page.getByRole("tab", { name: "Needs Attention" });
      await tab.focus();
      await page.keyboard.press("Enter");
      const table = page.getByRole("table", { name: "Offboardings to finish" });
      await visible(table);
      const displayName = `Lee Leaver ${width}`;
      const row = table
        .getByRole("row")
        .filter({ has: page.getByText(displayName, { exact: true }) });
      await visible(row);
      await visible(row.getByRole("cell", { name: "Hardware: 1", exact: true }));
      expect(await fitsWidth(page)).toBe(true);

      // The link opens User Details, where Offboard finishes it.
      const finish = row.getByRole("link", { name: `Finish offboarding ${displayName}` });
      await finish.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === "/users" && url.search === `?item=${id}`);
      const details = page.getByRole("dialog", { name: "User Details" });
      await visible(details);
      await visible(details.getByText("Deactivated by SCIM provisioning", { exact: false }));
      const offboard = details.getByRole("button", { name: "Offboard", exact: true });
      await offboard.click();
      const dialog = page.getByRole("dialog", { name: "Offboard user" });
      await visible(dialog);
      await visible(dialog.getByText(`Laptop of ${userName}`, { exact: true }));
      await dialog.getByRole("button", { name: "Offboard and deactivate" }).click();
      await hidden(dialog);
      await visible(details.getByTestId("offboarded"));
      await page.keyboard.press("Escape");
      await hidden(details);

      // Back on the dashboard, they no longer wait.
      await page.goto(e2e.url("/"));
      await page.getByRole("tab", { name: "Needs Attention" }).click();
      await visible(page.getByRole("table", { name: "Needs Attention" }));
      await hidden(page.getByText(displayName, { exact: true }));
    });
  }
});
