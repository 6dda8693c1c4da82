// User Profile and Settings in Chromium against the real server with demo data (spec part 2:
// 'Profile' and 'Settings'). Exports are not built yet, so the page must say so instead of
// pretending (ARCHITECTURE.md: no "coming soon" fakes). Passkeys: tests/e2e/passkeys.e2e.ts.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { expectToast, visible, waitForCount } from "../support/e2e-ui";

const e2e = setupE2e();

async function open(page: Page, path: string, title: string) {
  await page.goto(e2e.url(path));
  await visible(
    page.getByRole("banner").getByRole("heading", { level: 1, name: title, exact: true }),
  );
}

const main = (page: Page) => page.getByRole("main");

describe("the profile page", () => {
  it("shows jane her name, e-mail and read-only account fields, without an Admin badge", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await open(page, "/profile", "User Profile");
    const general = main(page).getByRole("tabpanel", { name: "General", exact: true });
    await visible(general);

    await visible(general.getByText("Jane Cooper", { exact: true }));
    await visible(general.getByText("jane@example.com", { exact: true }));
    await waitForCount(general.getByText("Admin", { exact: true }), 0);

    const username = general.getByLabel("Username", { exact: true });
    const email = general.getByLabel("Email", { exact: true });
    expect(await username.inputValue()).toBe("jane");
    expect(await email.inputValue()).toBe("jane@example.com");
    expect(await username.isEditable()).toBe(false);
    expect(await email.isEditable()).toBe(false);
  });

  it("shows an administrator the Admin badge", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await open(page, "/profile", "User Profile");
    const general = main(page).getByRole("tabpanel", { name: "General", exact: true });
    await visible(general.getByText("Alex Morgan", { exact: true }));
    await visible(general.getByText("Admin", { exact: true }));
    expect(await general.getByLabel("Username", { exact: true }).inputValue()).toBe("admin");
  });

  it("lists the login methods on the Security tab, with passkey registration offered", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await open(page, "/profile", "User Profile");
    await main(page).getByRole("tab", { name: "Security", exact: true }).click();
    const security = main(page).getByRole("tabpanel", { name: "Security", exact: true });
    await visible(security);

    await visible(security.getByText("Login Methods", { exact: true }));
    await visible(security.getByText("Password Active", { exact: true }));
    // Neither Google nor a passkey is set up for jane, and the page does not claim otherwise.
    await visible(security.getByText("Not Connected", { exact: true }));
    await visible(security.getByText("Not Set Up", { exact: true }));
    await waitForCount(security.getByText("Google Connected", { exact: true }), 0);
    await waitForCount(security.getByText("Biometric Active", { exact: true }), 0);

    await visible(security.getByText("No biometric credentials registered.", { exact: true }));
    // The register form (passkeys e2e: tests/e2e/passkeys.e2e.ts) with the spec's default name.
    const name = security.getByLabel("Credential name", { exact: true });
    await visible(name);
    expect(await name.inputValue()).toBe("My Device");
    await visible(security.getByRole("button", { name: "Register Biometric", exact: true }));
    // The second factor's and the password change's cards (two-factor.e2e.ts).
    await visible(security.getByRole("button", { name: "Set up two-factor", exact: true }));
    await visible(security.getByRole("button", { name: "Change password", exact: true }));
    expect(await security.textContent()).not.toMatch(/coming soon/i);
  });
});

describe("the settings page", () => {
  it("shows the security and notification preferences (stored per user: settings-preferences.e2e.ts)", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await open(page, "/settings", "Settings");
    const content = main(page);

    await visible(content.getByText("Security Settings", { exact: true }));
    const mask = content.getByRole("switch", { name: "Mask licence keys", exact: true });
    const twoFactor = content.getByRole("switch", {
      name: "Enable two-factor authentication",
      exact: true,
    });
    await expect.poll(() => mask.getAttribute("aria-checked")).toBe("true");
    await expect.poll(() => twoFactor.isEnabled()).toBe(true);
    expect(await twoFactor.getAttribute("aria-checked")).toBe("false");

    await visible(content.getByText("Notification Preferences", { exact: true }));
    await visible(content.getByRole("switch", { name: "Licence expiration alerts", exact: true }));
    await visible(content.getByRole("switch", { name: "Assignment changes", exact: true }));
    await visible(
      content.getByText(
        "Alerts 30, 15 and 7 days before a licence expires or renews (an administrator may change the days).",
        { exact: true },
      ),
    );
  });

  it("tells an ordinary user that exporting everything is for administrators", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await open(page, "/settings", "Settings");
    const content = main(page);

    await visible(content.getByText("Data Export", { exact: true }));
    await visible(content.getByText(/^Exporting all data is for administrators\./));
    await waitForCount(content.getByRole("link", { name: /^Export all data/ }), 0);
    expect(await page.locator("body").textContent()).not.toMatch(/coming soon|being exported/i);
  });
});

describe("the currency rates on the settings page", () => {
  it("lets an administrator change a rate, and shows when and by whom it was set", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await open(page, "/settings", "Settings");
    const content = main(page);
    await visible(content.getByText("Currency Rates", { exact: true }));

    const usdToAud = content.getByRole("textbox", { name: "Rate USD to AUD", exact: true });
    await expect.poll(() => usdToAud.inputValue()).toBe("1.5");
    expect(await content.getByRole("textbox", { name: "Rate INR to USD" }).inputValue()).toBe(
      "0.012",
    );
    const usdRow = content.getByRole("row").filter({ hasText: "1 USD → AUD" });
    await visible(usdRow.getByText("Default rate", { exact: true }));

    // A rate that is not a number is refused in the form with the server's message.
    await usdToAud.fill("0");
    await content.getByRole("button", { name: "Save Rates", exact: true }).click();
    await visible(
      usdRow.getByText("Rate must be a number greater than 0 with at most 6 decimals", {
        exact: true,
      }),
    );

    await usdToAud.fill("1.55");
    await content.getByRole("button", { name: "Save Rates", exact: true }).click();
    await expectToast(page, "Currency rates saved", null);
    await visible(usdRow.getByText(/ by Alex Morgan$/));
    // Still there after a reload: the rate lives on the server.
    await page.reload();
    await expect
      .poll(() =>
        main(page).getByRole("textbox", { name: "Rate USD to AUD", exact: true }).inputValue(),
      )
      .toBe("1.55");
  });

  it("is not shown to an ordinary user", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await open(page, "/settings", "Settings");
    await visible(main(page).getByText("Data Export", { exact: true }));
    await waitForCount(main(page).getByText("Currency Rates", { exact: true }), 0);
  });
});
