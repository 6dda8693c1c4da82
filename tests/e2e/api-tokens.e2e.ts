// The API tokens card in Settings (issue 15, decision 0024) in Chromium: an administrator creates a
// token from the keyboard, sees it once with a Copy button (gone once the dialog is closed, and not
// in the list after a reload), a script uses it with `Authorization: Bearer`, and revoking it (with
// a confirmation) makes the same call a 401. Focus returns to the buttons that opened the dialogs.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { expectFocus, expectToast, hidden, until, visible } from "../support/e2e-ui";

const e2e = setupE2e();
const TOKEN = /^qmt_[A-Za-z0-9_-]{43}$/;

async function openSettings(page: Page) {
  await page.goto(e2e.url("/settings"));
  await visible(page.getByRole("heading", { name: "API tokens", exact: true }));
}

/** A script's call: the token in the Authorization header, no cookie. */
const callWith = (token: string) =>
  fetch(e2e.url("/api/licenses"), { headers: { authorization: `Bearer ${token}` } });

const tokenRow = (page: Page, name: string) =>
  page
    .getByRole("table", { name: "API tokens" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });

describe("the API tokens card", () => {
  it("creates a token shown once, which a script uses until it is revoked", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: new URL(e2e.baseUrl).origin,
    });
    await openSettings(page);
    const name = `e2e script ${Math.random().toString(36).slice(2, 7)}`;

    // From the keyboard: open, refuse a blank name, then name it and pick an expiry.
    const create = page.getByRole("button", { name: "Create token", exact: true });
    await create.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Create API Token" });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Create Token", exact: true }).click();
    await visible(dialog.getByText("Token name is required"));
    await dialog.getByRole("textbox", { name: "Name" }).fill(name);
    const expiry = dialog.getByRole("combobox", { name: "Expires in" });
    expect(await expiry.textContent()).toBe("30 days");
    await expiry.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("option", { name: "7 days", exact: true }).click();
    expect(await expiry.textContent()).toBe("7 days");
    await dialog.getByRole("button", { name: "Create Token", exact: true }).click();

    // Shown once, in the same dialog, selected for copying.
    const shown = page.getByRole("dialog", { name: "Copy your new API token" });
    await visible(shown);
    await visible(shown.getByText("you will not see it again", { exact: false }));
    const field = shown.getByRole("textbox", { name: "API token" });
    const token = await field.inputValue();
    expect(token).toMatch(TOKEN);
    await expectFocus(field, "the new token");
    await expectToast(page, "API token created", `${name} has been created. Copy it now.`);
    await shown.getByRole("button", { name: "Copy", exact: true }).click();
    await expectToast(page, "Token copied", null);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    // A script uses it.
    const used = await callWith(token);
    expect(used.status).toBe(200);
    expect(Array.isArray(await used.json())).toBe(true);

    // Closed, it is gone: not in the page, not after a reload; the list shows the token's row.
    await page.keyboard.press("Escape");
    await hidden(shown);
    await expectFocus(create, "the Create token button");
    expect(await page.content()).not.toContain(token);
    await visible(tokenRow(page, name));
    await page.reload();
    await visible(tokenRow(page, name));
    expect(await page.content()).not.toContain(token);
    const row = tokenRow(page, name);
    expect(await row.getByRole("cell", { name: DEMO_ADMIN, exact: true }).count()).toBe(1);
    // Used once by the script above, so not "Never".
    expect(await row.getByRole("cell", { name: "Never", exact: true }).count()).toBe(0);

    // Revoking asks first; Esc keeps it and returns focus to the row's button.
    const revoke = row.getByRole("button", { name: `Revoke ${name}`, exact: true });
    await revoke.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Revoke API token?" });
    await visible(confirm);
    await page.keyboard.press("Escape");
    await hidden(confirm);
    await expectFocus(revoke, "the Revoke button");
    expect((await callWith(token)).status).toBe(200);

    await revoke.click();
    await visible(confirm);
    await confirm.getByRole("button", { name: "Revoke", exact: true }).click();
    await hidden(confirm);
    await expectToast(page, "API token revoked", `${name} no longer works.`);
    await hidden(tokenRow(page, name));
    const refused = await callWith(token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe("INVALID_API_TOKEN");
  });

  it("is not offered to an ordinary user, whom the token routes refuse", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/settings"));
    await visible(page.getByRole("heading", { name: "Calendar feed", exact: true }));
    await until(
      async () => (await page.getByRole("heading", { name: "API tokens" }).count()) === 0,
      "no API tokens card",
    );
  });
});
