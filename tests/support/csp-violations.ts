// The Content-Security-Policy violations a page reports, for browser specs that check the app
// (or a page the server serves beside it) runs under the policy.
import type { Page } from "playwright-core";

/** Records every CSP violation the page reports, from before its first script runs. */
export async function watchViolations(page: Page) {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/CSP violation|Content Security Policy/i.test(text)) violations.push(text);
  });
  return violations;
}
