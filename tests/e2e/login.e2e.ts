// The login page (spec part 1, sections 2.2, 2.5, 5 and 8). Only these tests sign in through the form.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";

const e2e = setupE2e();

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;
const mainNavigation = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });
const topBarTitle = (page: Page, name: string) =>
  page.getByRole("banner").getByRole("heading", { level: 1, name, exact: true });

async function openLoginPage() {
  const page = await e2e.anonymousPage();
  await page.goto(e2e.url("/login"));
  return page;
}

describe("the login page", () => {
  test("focuses the username field on load", async () => {
    const page = await openLoginPage();
    const username = page.getByLabel("Username");
    await username.waitFor();
    await expect
      .poll(() => username.evaluate((input) => input === document.activeElement))
      .toBe(true);
    await page.getByRole("button", { name: "Sign in with Google" }).waitFor();
  });

  test("signs an administrator in and opens the dashboard", async () => {
    const page = await openLoginPage();
    await page.getByLabel("Username").fill(DEMO_ADMIN);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();

    await page.getByText("Login successful", { exact: true }).waitFor();
    await page.waitForURL(onPath("/"));
    await topBarTitle(page, "Dashboard").waitFor();
    await mainNavigation(page).getByRole("link", { name: "Users", exact: true }).waitFor();
    // The form is gone: the focus starts at the page's content rather than on the body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main-content");
  });

  test("signs an ordinary user in with Enter", async () => {
    const page = await openLoginPage();
    await page.getByLabel("Username").fill(DEMO_USER);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByLabel("Password").press("Enter");

    await page.waitForURL(onPath("/"));
    await topBarTitle(page, "Dashboard").waitFor();
    const nav = mainNavigation(page);
    await nav.getByRole("link", { name: "Software Licenses", exact: true }).waitFor();
    expect(await nav.getByRole("link", { name: "Users", exact: true }).count()).toBe(0);
  });

  test("refuses a wrong password with the spec's message and stays on the page", async () => {
    const page = await openLoginPage();
    await page.getByLabel("Username").fill(DEMO_ADMIN);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();

    await page
      .getByText("Invalid username or password. Please try again.", { exact: true })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(
      "qm_session",
    );
  });

  test("asks for both fields before sending anything", async () => {
    const page = await openLoginPage();
    let loginRequests = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/login")) loginRequests++;
    });
    await page.getByRole("button", { name: "Login" }).click();

    await page.getByText("Username is required", { exact: true }).waitFor();
    await page.getByText("Password is required", { exact: true }).waitFor();
    expect(loginRequests).toBe(0);
  });

  test("sends a visitor to sign in and back to the page they asked for", async () => {
    const page = await e2e.anonymousPage();
    await page.goto(e2e.url("/licenses"));
    await page.waitForURL(onPath("/login"));

    await page.getByLabel("Username").fill(DEMO_USER);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();

    await page.waitForURL(onPath("/licenses"));
    await topBarTitle(page, "License Management").waitFor();
  });
});
