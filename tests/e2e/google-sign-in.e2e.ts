// Sign in with Google in Chromium, against a real OpenID Connect issuer on loopback
// (tests/support/oidc-issuer.ts: oidc-provider, automatic login and consent). The server is
// limited to the example.com Workspace domain, as GOOGLE_ALLOWED_DOMAIN allows.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GOOGLE_CALLBACK_PATH, googleFailureMessages } from "../../src/domain/google-sign-in";
import { DEMO_PASSWORD } from "../support/browser";
import { setupE2e } from "../support/e2e";
import { adminApi, until, visible } from "../support/e2e-ui";
import { type IssuerAccount, type OidcIssuer, startOidcIssuer } from "../support/oidc-issuer";

let issuer: OidcIssuer;
// Filled before setupE2e's server starts (hooks run in the order they are registered).
const serverEnv: Record<string, string> = {};
beforeAll(async () => {
  issuer = await startOidcIssuer();
  Object.assign(serverEnv, {
    GOOGLE_CLIENT_ID: issuer.clientId,
    GOOGLE_CLIENT_SECRET: issuer.clientSecret,
    GOOGLE_ISSUER: issuer.url,
    GOOGLE_ALLOWED_DOMAIN: "example.com",
  });
});
const e2e = setupE2e(serverEnv);
// Without PUBLIC_URL the callback is this server's own address, known once it listens.
beforeAll(() => issuer.configure(e2e.url(GOOGLE_CALLBACK_PATH)));
afterAll(() => issuer?.close());

let subjects = 0;
const googleAccount = (email: string, claims: Partial<IssuerAccount> = {}): IssuerAccount => ({
  sub: `e2e-subject-${++subjects}`,
  email,
  email_verified: true,
  hd: "example.com",
  ...claims,
});

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;
const topBarTitle = (page: Page, name: string) =>
  page.getByRole("banner").getByRole("heading", { level: 1, name, exact: true });
const googleButton = (page: Page) => page.getByRole("button", { name: "Sign in with Google" });
const alert = (page: Page, text: string) =>
  page.getByRole("alert").getByText(text, { exact: true });

async function whoAmI(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const response = await fetch("/api/auth/status");
    const body = (await response.json()) as { user: { username: string } | null };
    return body.user?.username ?? null;
  });
}

const hasSessionCookie = async (page: Page) =>
  (await page.context().cookies()).some((cookie) => cookie.name === "qm_session");

/** From a fresh login page, as `who` at the issuer; resolves once the button was clicked. */
async function signInWithGoogle(who: IssuerAccount | "deny", startAt = "/login") {
  const page = await e2e.anonymousPage();
  await page.goto(e2e.url(startAt));
  await page.waitForURL(onPath("/login"));
  issuer.signInAs(who);
  await googleButton(page).click();
  return page;
}

async function googleLinkOf(username: string) {
  const api = await adminApi(e2e.baseUrl);
  const list = await api<{ username: string; hasGoogle: boolean }[]>(
    "GET",
    `/api/users?search=${username}`,
  );
  return list.find((user) => user.username === username)?.hasGoogle;
}

describe("Sign in with Google", () => {
  test("links by e-mail the first time, by subject the next, and opens the page asked for", async () => {
    expect(await googleLinkOf("marcus")).toBe(false);
    const who = googleAccount("marcus@example.com");
    const first = await signInWithGoogle(who, "/licenses");
    await first.getByText("Login successful", { exact: true }).waitFor();
    await first.waitForURL(onPath("/licenses"));
    await visible(topBarTitle(first, "License Management"));
    expect(await whoAmI(first)).toBe("marcus");
    expect(await googleLinkOf("marcus")).toBe(true);

    // The address Google reports changed since: the stored subject still finds Marcus.
    const second = await signInWithGoogle({ ...who, email: "marcus.chen@example.com" });
    await second.waitForURL(onPath("/"));
    await visible(topBarTitle(second, "Dashboard"));
    expect(await whoAmI(second)).toBe("marcus");
  });

  test("gives an administrator the administrator's pages", async () => {
    const page = await signInWithGoogle(googleAccount("admin@example.com"));
    await page.waitForURL(onPath("/"));
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await visible(nav.getByRole("link", { name: "Users", exact: true }));
  });

  test("refuses an e-mail address no user has, and says so", async () => {
    const page = await signInWithGoogle(googleAccount("stranger@example.com"));
    await visible(alert(page, googleFailureMessages.google_unknown));
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await hasSessionCookie(page)).toBe(false);
  });

  test("refuses an account outside the allowed Workspace domain, even with a user's address", async () => {
    const page = await signInWithGoogle(
      googleAccount("jane@example.com", { hd: "elsewhere.example" }),
    );
    await visible(alert(page, googleFailureMessages.google_domain));
    expect(await hasSessionCookie(page)).toBe(false);
    expect(await googleLinkOf("jane")).toBe(false);
  });

  test("shows that the person declined at Google", async () => {
    const page = await signInWithGoogle("deny");
    await visible(alert(page, googleFailureMessages.google_denied));
    expect(await hasSessionCookie(page)).toBe(false);
    // The form still works after a refusal.
    await page.getByLabel("Username").fill("jane");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(onPath("/"));
  });

  test("refuses a replayed callback: the same state does not sign in twice", async () => {
    const callbacks: string[] = [];
    const who = googleAccount("daniel@example.com");
    const page = await e2e.anonymousPage();
    page.on("request", (request) => {
      if (request.url().includes(GOOGLE_CALLBACK_PATH)) callbacks.push(request.url());
    });
    await page.goto(e2e.url("/login"));
    issuer.signInAs(who);
    await googleButton(page).click();
    await page.waitForURL(onPath("/"));
    expect(callbacks).toHaveLength(1);

    // The callback address, with its code and state, opened again elsewhere (a leaked URL).
    const replay = await e2e.anonymousPage();
    await replay.goto(callbacks[0]!);
    await replay.waitForURL(onPath("/login"));
    await visible(alert(replay, googleFailureMessages.google_expired));
    expect(await hasSessionCookie(replay)).toBe(false);
    // And in the browser that signed in, its state is spent too: it stays who it was.
    await page.goto(callbacks[0]!);
    await until(async () => new URL(page.url()).pathname === "/", "back on the dashboard");
    expect(await whoAmI(page)).toBe("daniel");
  });
});
