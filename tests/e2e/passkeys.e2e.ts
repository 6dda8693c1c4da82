// Passkeys in Chromium with the DevTools virtual authenticator (spec part 1 sections 2.5, 5 and 8;
// part 2 'Profile'): register on the Security tab, sign out, sign in with the passkey, a cloned
// authenticator refused, remove. WebAuthn needs a domain as RP ID, so these pages are opened at
// http://localhost:<port> (the server, unconfigured, serves passkeys to loopback hosts).
import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiLogin, DEMO_ADMIN, DEMO_USER } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { expectToast, visible, waitForCount } from "../support/e2e-ui";

const e2e = setupE2e();

/** The server under test by name rather than by address. */
const localUrl = (pathname: string) => {
  const url = new URL(pathname, e2e.baseUrl);
  url.hostname = "localhost";
  return url.toString();
};

interface Authenticator {
  cdp: CDPSession;
  authenticatorId: string;
}

/** A platform authenticator with user verification (a fingerprint that always matches). */
async function addAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A page signed in as `username` (through the API) on http://localhost. */
async function localPageAs(username: string) {
  const page = await e2e.anonymousPage();
  const value = await apiLogin(e2e.baseUrl, username);
  await page
    .context()
    .addCookies([
      { name: "qm_session", value, url: localUrl("/"), httpOnly: true, sameSite: "Lax" },
    ]);
  return page;
}

async function openSecurityTab(page: Page, url = localUrl("/profile")) {
  await page.goto(url);
  await visible(
    page.getByRole("banner").getByRole("heading", { level: 1, name: "User Profile", exact: true }),
  );
  await page.getByRole("main").getByRole("tab", { name: "Security", exact: true }).click();
  const security = page.getByRole("main").getByRole("tabpanel", { name: "Security", exact: true });
  await visible(security);
  return security;
}

/**
 * Signs out from the dashboard: signing out elsewhere may save that page as the place to return
 * to after the next sign-in (the route guard does so when it notices first), and the tests expect
 * the dashboard after it.
 */
async function logOut(page: Page) {
  await page.goto(localUrl("/"));
  await visible(
    page.getByRole("banner").getByRole("heading", { level: 1, name: "Dashboard", exact: true }),
  );
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log out", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/login");
}

/**
 * Types a username on the login page, waits for the server's availability answer and returns how
 * many credentials it offered.
 */
async function typeUsername(page: Page, username: string) {
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/auth/webauthn/login/options") &&
      response.request().postDataJSON()?.username === username,
  );
  await page.getByLabel("Username").fill(username);
  const body = await (await answered).json();
  return body.options.allowCredentials.length as number;
}

const biometricButton = (page: Page) =>
  page.getByRole("button", { name: "Sign in with biometrics", exact: true });

describe("passkeys", () => {
  it("registers a passkey, signs in with it, refuses a clone of it, and removes it", async () => {
    const page = await localPageAs(DEMO_USER);
    const authenticator = await addAuthenticator(page);

    // Register from the Profile's Security tab.
    let security = await openSecurityTab(page);
    await visible(security.getByText("Not Set Up", { exact: true }));
    await visible(security.getByText("No biometric credentials registered.", { exact: true }));
    const name = security.getByLabel("Credential name", { exact: true });
    expect(await name.inputValue()).toBe("My Device");
    await name.fill("Work laptop");
    await security.getByRole("button", { name: "Register Biometric", exact: true }).click();
    await expectToast(page, "Biometric credential registered!", null);
    const item = security.getByRole("listitem", { name: "Work laptop", exact: true });
    await visible(item);
    await visible(item.getByText("Never used", { exact: true }));
    await visible(security.getByText("Biometric Active", { exact: true }));
    // The form is ready for another device, with the default name again.
    expect(await name.inputValue()).toBe("My Device");

    // Sign out, then in with the passkey.
    await logOut(page);
    expect(await typeUsername(page, DEMO_USER)).toBe(1);
    await visible(biometricButton(page));
    // Another username hides it again; jane's brings it back.
    await typeUsername(page, "nobody-here");
    await waitForCount(biometricButton(page), 0);
    await typeUsername(page, DEMO_USER);
    await biometricButton(page).click();
    await expectToast(page, "Login successful", null);
    await page.waitForURL((url) => url.pathname === "/");
    await visible(
      page.getByRole("banner").getByRole("heading", { level: 1, name: "Dashboard", exact: true }),
    );

    // The list now shows when it was used.
    security = await openSecurityTab(page);
    const used = security.getByRole("listitem", { name: "Work laptop", exact: true });
    await visible(used.getByText(/^Last used \w{3} \d{1,2}, \d{4} at /));

    // A clone: the same key with the signature counter it had before the sign-in above.
    const { credentials } = await authenticator.cdp.send("WebAuthn.getCredentials", {
      authenticatorId: authenticator.authenticatorId,
    });
    expect(credentials).toHaveLength(1);
    const original = credentials[0]!;
    expect(original.signCount).toBeGreaterThan(0);
    await authenticator.cdp.send("WebAuthn.removeCredential", {
      authenticatorId: authenticator.authenticatorId,
      credentialId: original.credentialId,
    });
    await authenticator.cdp.send("WebAuthn.addCredential", {
      authenticatorId: authenticator.authenticatorId,
      credential: { ...original, signCount: 0 },
    });
    await logOut(page);
    await typeUsername(page, DEMO_USER);
    await biometricButton(page).click();
    await visible(
      page.getByText(
        "Could not verify your biometric credentials. Please try again or use password.",
        { exact: true },
      ),
    );
    expect(new URL(page.url()).pathname).toBe("/login");
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(
      "qm_session",
    );

    // Sign in with the password and remove the passkey.
    await page.getByLabel("Password").fill("demo1234");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    security = await openSecurityTab(page);
    await security.getByRole("button", { name: "Remove Work laptop", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Remove Biometric Credential" });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Remove", exact: true }).click();
    await expectToast(page, "Credential deleted", null);
    await visible(security.getByText("No biometric credentials registered.", { exact: true }));
    await visible(security.getByText("Not Set Up", { exact: true }));

    // Without a passkey the login page no longer offers one for jane.
    await logOut(page);
    expect(await typeUsername(page, DEMO_USER)).toBe(0);
    await visible(page.getByRole("button", { name: "Login", exact: true }));
    await waitForCount(biometricButton(page), 0);
  });

  it("offers biometrics only for a username with a passkey", async () => {
    const page = await e2e.anonymousPage();
    await page.goto(localUrl("/login"));
    // Unknown, and known without a passkey: the same empty answer, no button.
    for (const username of ["nobody-here", "liam"]) {
      expect(await typeUsername(page, username)).toBe(0);
      await waitForCount(biometricButton(page), 0);
    }
  });

  it("names the device already registered, and a cancelled prompt, in words", async () => {
    const page = await localPageAs(DEMO_ADMIN);
    const authenticator = await addAuthenticator(page);
    const security = await openSecurityTab(page);
    const register = security.getByRole("button", { name: "Register Biometric", exact: true });
    await register.click();
    await expectToast(page, "Biometric credential registered!", null);
    await visible(security.getByRole("listitem", { name: "My Device", exact: true }));

    // The same authenticator again: the server lists it in excludeCredentials.
    await register.click();
    await expectToast(
      page,
      "Registration failed",
      "This device is already registered for your account.",
    );
    await waitForCount(security.getByRole("listitem"), 1);

    // At sign-in, a fingerprint that does not match ends the ceremony.
    await authenticator.cdp.send("WebAuthn.setUserVerified", {
      authenticatorId: authenticator.authenticatorId,
      isUserVerified: false,
    });
    await logOut(page);
    await typeUsername(page, DEMO_ADMIN);
    await biometricButton(page).click();
    const alert = page.getByRole("alert").filter({ hasText: "biometric" });
    await visible(
      alert.getByText(
        "There was a problem with biometric authentication. Please try another method.",
        { exact: true },
      ),
    );
    await visible(
      alert.getByText(
        "The biometric prompt was closed or timed out before it finished. Please try again.",
        { exact: true },
      ),
    );
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("explains that passkeys need the site's name, not an IP address", async () => {
    // Someone no other test here gives a passkey.
    const page = await e2e.pageAs("marcus");
    await addAuthenticator(page);
    const security = await openSecurityTab(page, e2e.url("/profile"));
    await security.getByRole("button", { name: "Register Biometric", exact: true }).click();
    await expectToast(
      page,
      "Registration failed",
      "Passkeys need the site to be opened by its name (such as http://localhost), not by an IP address.",
    );
    await visible(security.getByText("No biometric credentials registered.", { exact: true }));
  });
});
