// The login page of a server without Google sign-in set up: the button is there but disabled, and
// says why; nothing pretends to connect.
import { describe, expect, test } from "vitest";
import { GOOGLE_NOT_CONFIGURED } from "../../src/domain/google-sign-in";
import { setupE2e } from "../support/e2e";
import { until, visible } from "../support/e2e-ui";

const e2e = setupE2e();

describe("Sign in with Google when it is not set up", () => {
  test("shows the button disabled, with a tooltip saying so", async () => {
    const page = await e2e.anonymousPage();
    let googleRequests = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/auth/google") googleRequests++;
    });
    await page.goto(e2e.url("/login"));
    const button = page.getByRole("button", { name: "Sign in with Google" });
    await until(
      async () => (await button.getAttribute("aria-disabled")) === "true",
      "the Google button is disabled",
    );
    await until(() => button.isDisabled(), "Playwright sees the button as disabled");

    // Screen readers get the reason with the button, without the tooltip.
    const description = () =>
      button.evaluate((element) =>
        (element.getAttribute("aria-describedby") ?? "")
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      );
    await until(
      async () => (await description()).includes(GOOGLE_NOT_CONFIGURED),
      "the button is described by the reason",
    );

    await button.hover();
    await visible(page.getByRole("tooltip").getByText(GOOGLE_NOT_CONFIGURED));

    await button.click({ force: true });
    await page.getByLabel("Username").fill("jane");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(googleRequests).toBe(0);
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
  });

  test("explains a stale link back from Google instead of a generic error", async () => {
    const page = await e2e.anonymousPage();
    await page.goto(e2e.url("/api/auth/google"));
    await page.waitForURL((url) => url.pathname === "/login");
    await visible(page.getByRole("alert").getByText(GOOGLE_NOT_CONFIGURED, { exact: true }));
  });
});
