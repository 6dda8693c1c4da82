// The second factor in Chromium (issue 13): enrolment from the Profile with a code computed here
// from the key the page shows, sign-in with password + code, with a recovery code (once), a wrong
// code, an administrator's reset, and changing one's password (other sessions end).
//
// Codes come from the real clock. The sign-in's code is the next step's (now + 30 s): the server
// accepts one step of drift either side, so it is right for a minute whatever the load, and it is
// never the step the enrolment's code used up.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { totpCode } from "@/server/auth/two-factor/totp";
import { DEMO_PASSWORD } from "../support/browser";
import { setupE2e } from "../support/e2e";
import {
  adminApi,
  callApi,
  expectFocus,
  expectToast,
  hidden,
  tryLogin,
  visible,
  waitForCount,
} from "../support/e2e-ui";

const e2e = setupE2e();

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;
const unique = () => Math.random().toString(36).slice(2, 8);
const nextStepCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

/** A new ordinary user (the demo people stay as they are for the other specs). */
async function newUser() {
  const api = await adminApi(e2e.baseUrl);
  const username = `tf${unique()}`;
  const user = await api<{ id: number }>("POST", "/api/users", {
    username,
    password: DEMO_PASSWORD,
    fullName: `Factor ${username}`,
    role: "user",
  });
  return { id: user.id, username };
}

async function apiSession(username: string, password = DEMO_PASSWORD) {
  const response = await fetch(`${e2e.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ username, password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("qm_session="));
  return cookie!.split(";")[0]!;
}

/** Turns TOTP on through the API; answers the secret and the recovery codes. */
async function enrolThroughApi(username: string) {
  const cookie = await apiSession(username);
  const setup = await callApi(e2e.baseUrl, cookie, "POST", "/api/auth/two-factor/setup", {});
  const { secret } = setup.body as { secret: string };
  const confirm = await callApi(e2e.baseUrl, cookie, "POST", "/api/auth/two-factor/confirm", {
    code: totpCode(secret, Date.now()),
  });
  expect(confirm.status).toBe(200);
  return { secret, recoveryCodes: (confirm.body as { recoveryCodes: string[] }).recoveryCodes };
}

async function passwordStep(username: string) {
  const page = await e2e.anonymousPage();
  await page.goto(e2e.url("/login"));
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await visible(page.getByRole("heading", { name: "Two-factor authentication", level: 1 }));
  return page;
}

async function expectSignedIn(page: Page) {
  await page.waitForURL(onPath("/"));
  await visible(
    page.getByRole("banner").getByRole("heading", { level: 1, name: "Dashboard", exact: true }),
  );
}

async function openSecurityTab(page: Page) {
  await page.goto(e2e.url("/profile"));
  await page.getByRole("main").getByRole("tab", { name: "Security", exact: true }).click();
  const security = page.getByRole("main").getByRole("tabpanel", { name: "Security" });
  await visible(security);
  return security;
}

describe("two-factor authentication", () => {
  it("is set up from the Profile, then asked for after the password", async () => {
    const { username } = await newUser();
    const page = await e2e.pageAs(username);
    const security = await openSecurityTab(page);
    await visible(security.getByText("Two-Factor Authentication", { exact: true }));
    const dialog = page.getByRole("dialog", { name: "Set up two-factor authentication" });
    // Opened from the keyboard and left with Esc once the code field (which focuses itself when
    // the key arrives) is shown: focus goes back to the button.
    const opener = security.getByRole("button", { name: "Set up two-factor", exact: true });
    await opener.focus();
    await page.keyboard.press("Enter");
    await expectFocus(dialog.getByLabel("Verification code"), "the code field");
    await page.keyboard.press("Escape");
    await hidden(dialog);
    await expectFocus(opener, "the Set up two-factor button");

    await page.keyboard.press("Enter");
    await visible(dialog);
    await visible(dialog.getByRole("img", { name: "QR code for your authenticator app" }));
    const keyText = dialog.getByTestId("totp-secret");
    await visible(keyText);
    const secret = (await keyText.textContent())!.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code is refused in the dialog.
    await dialog.getByLabel("Verification code").fill("000000");
    await dialog.getByRole("button", { name: "Verify and turn on" }).click();
    await visible(dialog.getByText("That code is not valid. Please try again.", { exact: true }));

    await dialog.getByLabel("Verification code").fill(totpCode(secret, Date.now()));
    await dialog.getByRole("button", { name: "Verify and turn on" }).click();
    await visible(page.getByRole("dialog", { name: "Save your recovery codes" }));
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await waitForCount(codes, 10);
    await expectToast(page, "Two-factor authentication enabled", null);
    await page.getByRole("button", { name: "Done", exact: true }).click();
    await visible(security.getByText("Two-factor on", { exact: true }));
    await visible(security.getByText("10 recovery codes left", { exact: true }));

    // Signed out, the password alone is not enough.
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Log out", exact: true }).click();
    await page.waitForURL(onPath("/login"));
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await visible(page.getByRole("heading", { name: "Two-factor authentication", level: 1 }));
    expect((await page.context().cookies()).some((c) => c.name === "qm_session")).toBe(false);

    await page.getByLabel("Authentication code").fill(nextStepCode(secret));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expectSignedIn(page);
  });

  it("takes a recovery code instead, once only", async () => {
    const { username } = await newUser();
    const { recoveryCodes } = await enrolThroughApi(username);
    const code = recoveryCodes[0]!;

    const page = await passwordStep(username);
    await page.getByRole("button", { name: "Use a recovery code", exact: true }).click();
    await page.getByLabel("Recovery code").fill(code);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expectSignedIn(page);

    const again = await passwordStep(username);
    await again.getByRole("button", { name: "Use a recovery code", exact: true }).click();
    await again.getByLabel("Recovery code").fill(code);
    await again.getByRole("button", { name: "Verify", exact: true }).click();
    await visible(again.getByRole("alert").filter({ hasText: "Invalid code. Please try again." }));
    expect(again.url()).toContain("/login");
  });

  it("refuses a wrong code with the message, and goes back to the password form", async () => {
    const { username } = await newUser();
    await enrolThroughApi(username);
    const page = await passwordStep(username);

    // Empty: said in the form, no request.
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await visible(page.getByText("Enter the 6-digit code", { exact: true }));

    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await visible(page.getByRole("alert").filter({ hasText: "Invalid code. Please try again." }));
    expect((await page.context().cookies()).some((c) => c.name === "qm_session")).toBe(false);

    await page.getByRole("button", { name: "Back to sign in", exact: true }).click();
    await visible(page.getByRole("button", { name: "Login", exact: true }));
  });

  it("makes new recovery codes from the keyboard, and gives focus back to the button after", async () => {
    const { username } = await newUser();
    // Signed in before the second factor is on: the API sign-in takes the password alone.
    const page = await e2e.pageAs(username);
    const { secret, recoveryCodes } = await enrolThroughApi(username);
    const security = await openSecurityTab(page);
    const opener = security.getByRole("button", { name: "New recovery codes", exact: true });
    await opener.focus();
    await page.keyboard.press("Enter");
    const form = page.getByRole("dialog", { name: "New recovery codes" });
    await visible(form);
    await page.keyboard.type(nextStepCode(secret));
    await page.keyboard.press("Enter");

    // The form gives way to the codes, shown once, in the same dialog.
    const shown = page.getByRole("dialog", { name: "Save your recovery codes" });
    await visible(shown);
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await waitForCount(codes, 10);
    expect(await codes.allTextContents()).not.toContain(recoveryCodes[0]);
    await expectToast(page, "New recovery codes created", null);
    await page.keyboard.press("Escape");
    await hidden(shown);
    await expectFocus(opener, "the New recovery codes button");

    // Turning off, opened from the keyboard and left with Esc, gives focus back the same way.
    const turnOff = security.getByRole("button", { name: "Turn off", exact: true });
    await turnOff.focus();
    await page.keyboard.press("Enter");
    const off = page.getByRole("dialog", { name: "Turn off two-factor authentication" });
    await visible(off);
    await expectFocus(off.getByLabel("Authentication code"), "the code field");
    await page.keyboard.press("Escape");
    await hidden(off);
    await expectFocus(turnOff, "the Turn off button");
  });

  it("can be reset by an administrator from the user's details", async () => {
    const { username } = await newUser();
    await enrolThroughApi(username);
    const page = await e2e.pageAs("admin");
    await page.goto(e2e.url(`/users?search=${username}`));
    const row = page
      .getByRole("table")
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: username, exact: true }) });
    await row.getByRole("button", { name: "View user details", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "User Details", exact: true });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Reset two-factor", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Reset two-factor authentication?" });
    await visible(confirm);
    await confirm.getByRole("button", { name: "Reset", exact: true }).click();
    await expectToast(
      page,
      "Two-factor reset",
      `${username} can sign in with their password alone and set it up again.`,
    );
    await visible(dialog.getByText("Off", { exact: true }));

    const login = await tryLogin(e2e.baseUrl, username, DEMO_PASSWORD);
    expect(login.body).toMatchObject({ success: true });
  });
});

describe("changing one's password", () => {
  it("needs the current password, and signs out the other sessions", async () => {
    const { username } = await newUser();
    const other = await apiSession(username);
    const page = await e2e.pageAs(username);
    const security = await openSecurityTab(page);

    await security.getByLabel("Current password").fill("not-my-password");
    await security.getByLabel("New password", { exact: true }).fill("brand-new-pass");
    await security.getByLabel("Confirm new password").fill("brand-new-pass");
    await security.getByRole("button", { name: "Change password", exact: true }).click();
    await visible(security.getByText("Current password is incorrect", { exact: true }));

    await security.getByLabel("Confirm new password").fill("something-else");
    await security.getByRole("button", { name: "Change password", exact: true }).click();
    await visible(security.getByText("Passwords do not match", { exact: true }));

    await security.getByLabel("Current password").fill(DEMO_PASSWORD);
    await security.getByLabel("Confirm new password").fill("brand-new-pass");
    await security.getByRole("button", { name: "Change password", exact: true }).click();
    await expectToast(page, "Password changed", "Signed out of 1 other session.");

    const status = await callApi(e2e.baseUrl, other, "GET", "/api/auth/status");
    expect(status.body).toMatchObject({ authenticated: false });
    // This page's session goes on.
    await page.reload();
    await visible(page.getByRole("main").getByRole("tab", { name: "Security", exact: true }));
    expect((await tryLogin(e2e.baseUrl, username, "brand-new-pass")).status).toBe(200);
  });
});
