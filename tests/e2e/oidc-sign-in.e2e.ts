// Single sign-on through any OpenID Connect issuer (OIDC_*, decision 0059) in Chromium, against a
// real issuer on loopback (tests/support/oidc-issuer.ts: oidc-provider, automatic login and
// consent): the login page offers the configured button beside Google's, it signs in, the
// Profile's Login Methods card says it is connected, and a refusal is explained.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { OIDC_CALLBACK_PATH, oidcFailureMessages } from "../../src/domain/oidc-sign-in";
import { setupE2e } from "../support/e2e";
import { visible } from "../support/e2e-ui";
import { type IssuerAccount, type OidcIssuer, startOidcIssuer } from "../support/oidc-issuer";

const LABEL = "Sign in with Acme SSO";

let issuer: OidcIssuer;
// Filled before setupE2e's server starts (hooks run in the order they are registered).
const serverEnv: Record<string, string> = {};
beforeAll(async () => {
  issuer = await startOidcIssuer();
  Object.assign(serverEnv, {
    OIDC_ISSUER: issuer.url,
    OIDC_CLIENT_ID: issuer.clientId,
    OIDC_CLIENT_SECRET: issuer.clientSecret,
    OIDC_BUTTON_LABEL: LABEL,
  });
});
const e2e = setupE2e(serverEnv);
// Without PUBLIC_URL the callback is this server's own address, known once it listens.
beforeAll(() => issuer.configure(e2e.url(OIDC_CALLBACK_PATH)));
afterAll(() => issuer?.close());

let subjects = 0;
const ssoAccount = (email: string): IssuerAccount => ({
  sub: `e2e-sso-subject-${++subjects}`,
  email,
  email_verified: true,
});

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;
const ssoButton = (page: Page) => page.getByRole("button", { name: LABEL, exact: true });

async function signInWithSso(who: IssuerAccount) {
  const page = await e2e.anonymousPage();
  await page.goto(e2e.url("/login"));
  issuer.signInAs(who);
  await ssoButton(page).click();
  return page;
}

describe("Sign in with SSO", () => {
  test("the login page shows the configured button beside Google's", async () => {
    const page = await e2e.anonymousPage();
    await page.goto(e2e.url("/login"));
    await visible(ssoButton(page));
    await visible(page.getByRole("button", { name: "Sign in with Google" }));
  });

  test("signs in, and the Profile's Login Methods card says single sign-on is connected", async () => {
    const page = await signInWithSso(ssoAccount("jane@example.com"));
    await page.getByText("Login successful", { exact: true }).waitFor();
    await page.waitForURL(onPath("/"));
    const username = await page.evaluate(async () => {
      const body = (await (await fetch("/api/auth/status")).json()) as {
        user: { username: string } | null;
      };
      return body.user?.username ?? null;
    });
    expect(username).toBe("jane");

    await page.goto(e2e.url("/profile"));
    const main = page.getByRole("main");
    await main.getByRole("tab", { name: "Security", exact: true }).click();
    const sso = main.locator('[data-login-method="Single sign-on"]');
    await visible(sso.getByText("SSO Connected", { exact: true }));
  });

  test("explains a refusal on the login page", async () => {
    const page = await signInWithSso(ssoAccount("stranger@example.com"));
    await page.waitForURL(onPath("/login"));
    await visible(
      page.getByRole("alert").getByText(oidcFailureMessages.oidc_unknown, { exact: true }),
    );
  });
});
