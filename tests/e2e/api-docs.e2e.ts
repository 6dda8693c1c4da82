// The API documentation page (/api/docs): Swagger UI renders the generated document for a
// signed-in user, under the app's Content-Security-Policy (no violation) and the axe gate.
// (Anonymous visitors get 401: src/server/api-docs/openapi.test.ts.)
import { describe, expect, test } from "vitest";
import { DEMO_ADMIN } from "../support/browser";
import { watchViolations } from "../support/csp-violations";
import { setupE2e } from "../support/e2e";

const e2e = setupE2e();

describe("API documentation", () => {
  test("shows the operations to a signed-in user, without a policy violation", async () => {
    const page = await e2e.pageAs(DEMO_ADMIN);
    const violations = await watchViolations(page);
    const response = await page.goto(e2e.url("/api/docs"));
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await page.getByRole("heading", { name: /Quartermaster API/ }).waitFor();
    // Operations grouped by area, each with its path. Swagger UI renders only the sections near
    // the viewport, so the test reads the first ones (the document's completeness is checked in
    // src/server/api-docs/openapi.test.ts).
    await page.getByRole("heading", { name: /^auth\b/ }).waitFor();
    await page.getByText("/api/auth/login").first().waitFor();
    expect(violations).toEqual([]);
  });
});
