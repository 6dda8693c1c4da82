// The built client works under the server's Content-Security-Policy: signing in, the pages, a
// dialog (Radix) and a toast (sonner) run with no policy violation reported by Chromium.
import { describe, expect, test } from "vitest";
import { DEMO_ADMIN, DEMO_PASSWORD } from "../support/browser";
import { watchViolations } from "../support/csp-violations";
import { setupE2e } from "../support/e2e";

const e2e = setupE2e();

describe("Content-Security-Policy", () => {
  test("the app runs under the policy without a violation", async () => {
    const page = await e2e.anonymousPage();
    const violations = await watchViolations(page);
    const response = await page.goto(e2e.url("/login"));
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");

    // Sign in through the form: a failed attempt shows a toast, then the real one.
    await page.getByLabel("Username").fill(DEMO_ADMIN);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page
      .getByText("Invalid username or password. Please try again.", { exact: true })
      .waitFor();
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Login successful", { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === "/");

    for (const path of ["/licenses", "/users", "/assignments", "/settings"]) {
      await page.goto(e2e.url(path));
      await page.getByRole("banner").getByRole("heading", { level: 1 }).waitFor();
    }
    // A dialog: Radix locks scrolling and traps focus with styles it inserts.
    await page.goto(e2e.url("/licenses"));
    await page.getByRole("button", { name: "Add License", exact: true }).first().click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");

    expect(violations).toEqual([]);
  });
});
