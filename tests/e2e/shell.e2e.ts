// The application shell (spec part 1, sections 2.1 to 2.4): sidebar per role, top-bar titles,
// the administrator-only redirect, the 404 page and signing out. Sessions come from the API.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { visible } from "../support/e2e-ui";

const e2e = setupE2e();

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;
const mainNavigation = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });
const sidebar = (page: Page) => page.getByRole("complementary", { name: "Sidebar" });
const topBarTitle = (page: Page) => page.getByRole("banner").getByRole("heading", { level: 1 });

async function waitForTitle(page: Page, title: string) {
  await page
    .getByRole("banner")
    .getByRole("heading", { level: 1, name: title, exact: true })
    .waitFor();
  // The browser tab says the same.
  await expect.poll(() => page.title()).toBe(`${title} · Quartermaster`);
}

const activeElementId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

async function navigationLabels(page: Page) {
  const links = mainNavigation(page).getByRole("link");
  await links.first().waitFor();
  return (await links.allTextContents()).map((text) => text.trim()).sort();
}

// Spec part 1, section 2.3.
const EVERYONE = ["Dashboard", "Hardware", "Office Accounts", "Software Licenses", "Settings"];
const ADMINS_ONLY = [
  "Users",
  "G Suite Accounts",
  "License Assignments",
  "Expenses",
  "Directories",
  "Hosting",
  "Trust Reviews",
  "Activity Log",
];

// Spec part 1, section 2.1: sidebar entry → path → top-bar title.
const SIDEBAR_ROUTES = [
  { label: "Hardware", path: "/hardware", title: "Hardware Inventory" },
  { label: "Office Accounts", path: "/accounts", title: "MS Office Accounts" },
  { label: "Software Licenses", path: "/licenses", title: "License Management" },
  { label: "Settings", path: "/settings", title: "Settings" },
  { label: "Users", path: "/users", title: "Users Management" },
  { label: "G Suite Accounts", path: "/gsuite-accounts", title: "G Suite Accounts" },
  { label: "License Assignments", path: "/assignments", title: "License Assignments" },
  { label: "Expenses", path: "/expenses", title: "Expense Analysis" },
  { label: "Directories", path: "/directories", title: "Directory Listings" },
  { label: "Hosting", path: "/hosting", title: "Hosting Resources" },
  { label: "Trust Reviews", path: "/trust-reviews", title: "Trust Reviews" },
  { label: "Activity Log", path: "/activity", title: "Activity Log" },
  { label: "Dashboard", path: "/", title: "Dashboard" },
];

describe("the sidebar", () => {
  test("shows an administrator every entry and the Administrator label", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/"));
    expect(await navigationLabels(page)).toEqual([...EVERYONE, ...ADMINS_ONLY].sort());
    await sidebar(page).getByText("Administrator", { exact: true }).waitFor();
  });

  test("shows an ordinary user only the shared entries, their name and the User label", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/"));
    expect(await navigationLabels(page)).toEqual([...EVERYONE].sort());
    await sidebar(page).getByText("Jane Cooper", { exact: true }).waitFor();
    await sidebar(page).getByText("User", { exact: true }).waitFor();
  });

  test("leads to every page with its top-bar title and marks the current entry", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/"));
    await waitForTitle(page, "Dashboard");
    for (const { label, path, title } of SIDEBAR_ROUTES) {
      await mainNavigation(page).getByRole("link", { name: label, exact: true }).click();
      await page.waitForURL(onPath(path));
      await waitForTitle(page, title);
      const current = mainNavigation(page).locator('[aria-current="page"]');
      expect(await current.allTextContents()).toEqual([label]);
    }
  });

  test("is toggled by the menu button on a small screen and closes after navigating", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(e2e.url("/"));
    await waitForTitle(page, "Dashboard");
    expect(await mainNavigation(page).isVisible()).toBe(false);

    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await mainNavigation(page).getByRole("link", { name: "Hardware", exact: true }).click();
    await waitForTitle(page, "Hardware Inventory");
    await mainNavigation(page).waitFor({ state: "hidden" });
  });

  test("closes on Esc on a small screen and gives the focus back to its button", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(e2e.url("/"));
    await waitForTitle(page, "Dashboard");
    const toggle = page.getByRole("button", { name: "Toggle sidebar" });
    await toggle.click();
    await mainNavigation(page).waitFor();

    await page.keyboard.press("Escape");
    await mainNavigation(page).waitFor({ state: "hidden" });
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("the skip link", () => {
  test("is the first stop of the keyboard and moves the focus to the page's content", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/licenses"));
    await waitForTitle(page, "License Management");
    // The top bar's title comes from the route table; the page's own controls arrive with its
    // lazily loaded code. Wait for them, or the Tab after the skip has nothing in the page to reach.
    await page.getByRole("main").getByRole("button").first().waitFor();

    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content", exact: true });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);

    await page.keyboard.press("Enter");
    await expect.poll(() => activeElementId(page)).toBe("main-content");
    expect(new URL(page.url()).pathname).toBe("/licenses");
    // The next Tab goes on into the page, not back to the sidebar.
    await page.keyboard.press("Tab");
    const inMain = await page.evaluate(
      () => document.getElementById("main-content")?.contains(document.activeElement) ?? false,
    );
    expect(inMain).toBe(true);
  });
});

describe("the top bar", () => {
  test("names the profile page and offers the user menu entries", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/"));
    await page.getByRole("banner").getByPlaceholder("Search...").waitFor();
    await page.getByRole("button", { name: "User menu" }).click();
    const menu = page.getByRole("menu");
    for (const item of ["View Profile", "Biometric Settings", "Settings", "Log out"]) {
      await menu.getByRole("menuitem", { name: item, exact: true }).waitFor();
    }
    await menu.getByText("jane@example.com", { exact: true }).waitFor();
    await menu.getByRole("menuitem", { name: "View Profile", exact: true }).click();
    await page.waitForURL(onPath("/profile"));
    await waitForTitle(page, "User Profile");
  });

  test("opens the profile's Security tab from Biometric Settings", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/"));
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Biometric Settings", exact: true }).click();
    await page.waitForURL(onPath("/profile"));
    await visible(page.getByRole("tab", { name: "Security", selected: true }));
    await page.getByRole("tab", { name: "General" }).click();
    await visible(page.getByRole("tab", { name: "General", selected: true }));
  });
});

describe("administrator-only pages", () => {
  test("send an ordinary user to the dashboard", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    for (const path of [
      "/users",
      "/gsuite-accounts",
      "/assignments",
      "/expenses",
      "/trust-reviews",
      "/activity",
    ]) {
      await page.goto(e2e.url(path));
      await page.waitForURL(onPath("/"));
      await waitForTitle(page, "Dashboard");
    }
  });

  test("open for an administrator", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/users"));
    await waitForTitle(page, "Users Management");
    expect(new URL(page.url()).pathname).toBe("/users");
  });
});

describe("an unknown path", () => {
  test("shows the 404 card and the Page Not Found title", async () => {
    const page = await e2e.pageAs(DEMO_USER);
    await page.goto(e2e.url("/no-such-page"));
    await page.getByText("404 Page Not Found", { exact: true }).waitFor();
    await waitForTitle(page, "Page Not Found");
    expect(new URL(page.url()).pathname).toBe("/no-such-page");
  });

  test("is any path below a page, and a page's path in other letter case", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    for (const path of ["/licenses/extra", "/users/123", "/settings/foo", "/LICENSES", "/Users"]) {
      await page.goto(e2e.url(path));
      await page.getByRole("heading", { level: 2, name: "404 Page Not Found" }).waitFor();
      await waitForTitle(page, "Page Not Found");
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
  });

  test("shows a visitor who is not signed in the 404 card, not the sign-in page", async () => {
    const page = await e2e.anonymousPage();
    await page.goto(e2e.url("/no-such-page"));
    await page.getByRole("heading", { level: 1, name: "404 Page Not Found" }).waitFor();
    await expect.poll(() => page.title()).toBe("Page Not Found · Quartermaster");
    expect(new URL(page.url()).pathname).toBe("/no-such-page");
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.waitForURL(onPath("/login"));
    await expect.poll(() => page.title()).toBe("Sign In · Quartermaster");
  });
});

describe("signing out", () => {
  test("returns to /login, ends the session, and protected pages then ask to sign in", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const [session] = await page.context().cookies();
    await page.goto(e2e.url("/licenses"));
    await waitForTitle(page, "License Management");

    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Log out", exact: true }).click();
    await page.waitForURL(onPath("/login"));
    await page.getByLabel("Username").waitFor();

    // The server forgot the session: the old cookie no longer signs anyone in.
    const status = await fetch(e2e.url("/api/auth/status"), {
      headers: { cookie: `${session!.name}=${session!.value}` },
    });
    expect(await status.json()).toMatchObject({ authenticated: false });

    await page.goto(e2e.url("/hardware"));
    await page.waitForURL(onPath("/login"));
    expect(await topBarTitle(page).count()).toBe(0);
  });

  test("starts the next sign-in at the dashboard, not at the page signed out from", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    await page.goto(e2e.url("/licenses"));
    await waitForTitle(page, "License Management");
    // What a page's query answered with 401 while the log-out ran leaves behind (it happened
    // at random on a busy machine: the next person landed on this page).
    await page.evaluate(() => window.sessionStorage.setItem("returnTo", "/licenses"));

    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Log out", exact: true }).click();
    await page.waitForURL(onPath("/login"));
    await page.getByLabel("Username").fill(DEMO_USER);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(onPath("/"));
    await waitForTitle(page, "Dashboard");
  });
});
