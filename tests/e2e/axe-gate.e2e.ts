// The accessibility gate itself (tests/support/axe-gate.ts): it scans pages and dialogs while a
// test runs, without any call in the spec, and describes what it finds well enough to fix it.
import { describe, expect, it } from "vitest";
import { describeFindings } from "../support/axe-gate";
import { DEMO_ADMIN } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { UI_TIMEOUT, visible } from "../support/e2e-ui";

const e2e = setupE2e();

const plantedButton = {
  rule: "button-name",
  targets: ["#planted-button"],
  location: "/licenses",
  dialogs: ["Add New License"],
};

async function openAddLicenseDialog() {
  const page = await e2e.pageAs(DEMO_ADMIN);
  await page.goto(e2e.url("/licenses"));
  await page.getByRole("button", { name: "Add License" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New License", exact: true });
  await dialog.waitFor();
  // A button with no name inside the dialog: a critical violation.
  await dialog.evaluate((element) => {
    const button = document.createElement("button");
    button.id = "planted-button";
    element.append(button);
  });
  return { page, dialog };
}

describe("the axe gate", () => {
  it("finds a violation planted on a page, with its rule, element and help", async () => {
    const page = await e2e.anonymousPage();
    await page.goto(e2e.url("/login"));
    await visible(page.getByLabel("Username"));
    expect(await e2e.takeAxeFindings(page)).toEqual([]);

    await page.evaluate(() => {
      const image = document.createElement("img");
      image.id = "planted-image";
      image.src = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
      document.body.append(image);
    });
    const findings = await e2e.takeAxeFindings(page);
    expect(findings).toEqual([
      expect.objectContaining({
        rule: "image-alt",
        impact: "critical",
        targets: ["#planted-image"],
        location: "/login",
      }),
    ]);
    const message = describeFindings(findings);
    expect(message).toContain(
      "- image-alt (critical) on /login: Images must have alternative text",
    );
    expect(message).toContain("target: #planted-image");
    expect(message).toContain("https://dequeuniversity.com/rules/axe/");
  });

  it("checks a dialog as the shared wait sees it open, however soon it closes", async () => {
    const { page, dialog } = await openAddLicenseDialog();
    await visible(dialog);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    expect(await e2e.takeAxeFindings(page)).toEqual([expect.objectContaining(plantedButton)]);
  });

  it("checks what a page shows while the test runs, with no call from the test", async () => {
    const { page, dialog } = await openAddLicenseDialog();
    await expect
      .poll(() => e2e.axeFindingsSoFar(page), { timeout: UI_TIMEOUT })
      .toEqual([expect.objectContaining(plantedButton)]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await e2e.takeAxeFindings(page);
  });
});
